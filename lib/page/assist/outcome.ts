import { readPage, type Who } from '../reader/read-page';
import { waitFor } from './wait';

export type SendOutcome = 'sent' | 'weekly-limit' | 'dialog-closed' | 'no-confirmation';

/**
 * After the person's Send: the page confirms for this prospect (their own card turns Pending, when
 * it did not show Pending before the click, or an "invitation sent" toast that names nobody else),
 * says the weekly limit is reached, or the dialog closes with neither (the person dismissed it).
 */
export async function awaitSendOutcome(doc: Document, who: Who, pendingBefore: boolean, timeoutMs = 10_000): Promise<SendOutcome> {
  const result = await waitFor(
    doc,
    (): SendOutcome | undefined => {
      const r = readPage(doc, who);
      if (r.state === 'weekly-limit') return 'weekly-limit';
      if ((r.state === 'pending' && !pendingBefore) || r.sentToast) return 'sent';
      return undefined;
    },
    timeoutMs,
  );
  return result ?? (readPage(doc, who).dialog ? 'no-confirmation' : 'dialog-closed');
}

/** Resolves when the invitation dialog has closed without a confirmation, so the panel can offer what next. */
export async function awaitDialogClosed(doc: Document, who: Who, timeoutMs: number): Promise<boolean> {
  return !!(await waitFor(doc, () => !readPage(doc, who).dialog, timeoutMs));
}
