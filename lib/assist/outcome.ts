import { readPage } from '../page-reader/read-page';
import { waitFor } from './wait';

export type SendOutcome = 'sent' | 'weekly-limit' | 'dialog-closed' | 'no-confirmation';

/**
 * After Send: the page confirms (the top card turns Pending, or an "invitation sent" toast),
 * says the weekly limit is reached, or the dialog closes with neither (the person dismissed it).
 */
export async function awaitSendOutcome(doc: Document, slug: string, timeoutMs = 10_000): Promise<SendOutcome> {
  const result = await waitFor((): SendOutcome | undefined => {
    const r = readPage(doc, slug);
    if (r.state === 'weekly-limit') return 'weekly-limit';
    if (r.state === 'pending' || r.sentToast) return 'sent';
    return undefined;
  }, timeoutMs);
  if (result) return result;
  return readPage(doc, slug).dialog ? 'no-confirmation' : 'dialog-closed';
}

/** Resolves when the invitation dialog has closed without a confirmation, so the panel can offer what next. */
export async function awaitDialogClosed(doc: Document, slug: string, timeoutMs: number): Promise<boolean> {
  return !!(await waitFor(() => !readPage(doc, slug).dialog, timeoutMs, 250));
}
