// Nothing is approved unseen (issue 37, item 3): a contact email or a letter waiting for validation
// is offered Validate only where what it sends is shown whole, placed (its steps, its blocks) or
// as the lines the rules could not place. A record with neither has no content to show.
import { shapeNote } from '../api/answer-shape';
import type { Line } from '../api/body/unplaced';

/** A line that could be a record's content: a text, not a figure. */
const isText = (l: Line): boolean => !/^[\s\d.,:+-]*$/.test(l.value);

/** Whether a record to approve has no text at all that could be its content: no part placed, no text beside. */
export const contentUnread = (parts: readonly unknown[], extra: Line[] | undefined): boolean => parts.length === 0 && !extra?.some(isText);

/**
 * A list as read, with the answer's shape (keys and types, never a value) when one of its records
 * has no content to show: the technical detail of the sentence that replaces its Validate.
 */
export function withShapeIfUnread<T extends object>(list: T, unread: boolean, op: string, body: unknown): T & { shape?: string } {
  return unread ? { ...list, shape: shapeNote(op, body) } : list;
}
