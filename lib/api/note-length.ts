/** The service's and the popup's limit for an invitation note. */
export const NOTE_MAX = 200;

/**
 * Length as the service counts it: Unicode code points (what PHP's mb_strlen and most
 * server validators count), not UTF-16 units, so an emoji costs one character, not two.
 */
export function noteLength(note: string): number {
  let count = 0;
  for (const _ of note) count++;
  return count;
}

/** The note cut to at most `max` code points, never splitting a surrogate pair. */
export function truncateNote(note: string, max = NOTE_MAX): string {
  if (note.length <= max) return note;
  return Array.from(note).slice(0, max).join('');
}
