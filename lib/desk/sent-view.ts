// The rows of the desk's Sent invitations view: the old invitations of the agents' that the tab's
// Sent page lists (the `sentInvitations` reply, oldest first), and those withdrawn while the view
// was shown, kept in their place with their date from the extension's record (the page drops their
// row, and the reply no longer lists them as pending). Pure.
import type { ResponseData } from '../messaging/ask';
import { sameName } from '../page/reader/identity';
import type { OldInvitation, SentPageRow } from '../sent-invitations/old';
import type { SentInvitation } from '../sent-invitations/record';

/** The background's answer to one withdrawal (the `withdraw` message). */
type WithdrawReply = ResponseData['withdraw'];

export type ListedOld = OldInvitation & { row: SentPageRow };

export interface SentViewRow {
  actionId: string;
  slug: string;
  /** The record's name (else the address); the page's row's only when it agrees with the record's. */
  name: string;
  agentId?: string | undefined;
  agentName?: string | undefined;
  note: string | null;
  sentAt: number;
  days: number;
  /** Withdrawn through the extension (the record's date). */
  withdrawnAt?: number | undefined;
  /** The page row's headline, given when another row of the page shows the same name. */
  headline?: string | undefined;
}

const rowOf = (i: ListedOld): SentViewRow => ({
  actionId: i.actionId,
  slug: i.slug,
  name: i.name && i.row.name && sameName(i.row.name, i.name) ? i.row.name : i.name || i.slug,
  agentId: i.agentId,
  agentName: i.agentName,
  note: i.note,
  sentAt: i.sentAt,
  days: i.days,
  headline: i.row.headline,
});

/**
 * The view's rows now: those the page lists (`listed`), and of those shown `before`, the ones the
 * record says were withdrawn; oldest first, each with its withdrawal date from the record. A row
 * that left the page otherwise (accepted, withdrawn by hand) leaves the view too.
 */
export function sentViewRows(before: readonly SentViewRow[], listed: readonly ListedOld[], record: readonly SentInvitation[]): SentViewRow[] {
  const withdrawnAt = new Map(record.flatMap((i) => (i.withdrawnAt === undefined ? [] : [[i.actionId, i.withdrawnAt] as const])));
  const rows = new Map<string, SentViewRow>();
  for (const r of before) if (withdrawnAt.has(r.actionId)) rows.set(r.actionId, r);
  for (const i of listed) rows.set(i.actionId, rowOf(i));
  return [...rows.values()].sort((a, b) => a.sentAt - b.sentAt).map((r) => ({ ...r, withdrawnAt: withdrawnAt.get(r.actionId) }));
}

/** How an answer reads: done (withdrawn), plain (cancelled: nothing changed, as the person chose), or a warning. */
export const answerTone = (reply: WithdrawReply): 'done' | 'plain' | 'warn' =>
  reply.state === 'withdrawn' ? 'done' : reply.state === 'cancelled' ? 'plain' : 'warn';

/** The row whose Withdraw takes the focus after `slug`'s answer: the next one still to withdraw, else the one before. */
export function focusAfter(rows: readonly SentViewRow[], slug: string): string | undefined {
  const at = rows.findIndex((r) => r.slug === slug);
  const open = (r: SentViewRow) => r.withdrawnAt === undefined && r.slug !== slug;
  return (rows.slice(at + 1).find(open) ?? rows.slice(0, Math.max(at, 0)).reverse().find(open))?.slug;
}
