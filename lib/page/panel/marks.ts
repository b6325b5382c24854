// User Timing marks read by `npm run bench`. A page can read its own performance timeline,
// so only the sandbox build (the one the bench drives) makes them: store builds leave no trace.

export const MARKS = {
  start: 'invitation-assistant:panel-start',
  asked: 'invitation-assistant:panel-asked',
  answered: 'invitation-assistant:panel-answered',
  shown: 'invitation-assistant:panel-shown',
} as const;

/** Marks a step of the panel's first showing (sandbox build only). */
export function mark(step: keyof typeof MARKS): void {
  if (import.meta.env.MODE === 'sandbox' && (step === 'start' || !performance.getEntriesByName(MARKS.shown).length)) performance.mark(MARKS[step]);
}
