// The extension's own record of the invitations it marked sent (lib/store/storage.ts, sentRecordItem):
// the service keeps a mark as it was made and nothing after it (spec 000: only `ready` actions can
// be marked), so what became of an invitation on the network since (withdrawn from the Sent page,
// accepted) is kept here. Pure: the background stores what these return.
import type { SentInvitation } from '../store/shapes';
export type { SentInvitation } from '../store/shapes';

export const DAY_MS = 86_400_000;

/**
 * What is kept: invitations sent within the last 180 days (the network lets an invitation wait
 * about six months), at most 1,000 of them (ten weeks at the network's weekly limit of about 100;
 * about 350 kB at worst), the oldest dropped first.
 */
export const RECORD_DAYS = 180;
export const RECORD_MAX = 1000;

/** Still pending as far as the extension knows: neither withdrawn nor seen accepted. */
export const isPending = (i: SentInvitation): boolean => i.withdrawnAt === undefined && i.acceptedAt === undefined;

/** The record within its bounds, oldest first. A time ahead of the clock (it went back) is kept. */
export function bounded(record: readonly SentInvitation[], now: number): SentInvitation[] {
  const kept = record.filter((i) => i.sentAt > now || now - i.sentAt < RECORD_DAYS * DAY_MS);
  return kept.sort((a, b) => a.sentAt - b.sentAt).slice(-RECORD_MAX);
}

/** The record with this invitation in it (one per action: marked again, it replaces the first). */
export function withSent(record: readonly SentInvitation[], sent: SentInvitation, now: number): SentInvitation[] {
  return bounded([...record.filter((i) => i.actionId !== sent.actionId), sent], now);
}

/** The record without this action (its mark was taken back before it went). */
export const withoutAction = (record: readonly SentInvitation[], actionId: string): SentInvitation[] => record.filter((i) => i.actionId !== actionId);

/** Changes the entries `which` selects; the same array when none is selected. */
function change(record: SentInvitation[], which: (i: SentInvitation) => boolean, edit: (i: SentInvitation) => SentInvitation): SentInvitation[] {
  return record.some(which) ? record.map((i) => (which(i) ? edit(i) : i)) : record;
}

/** The service took the mark of this action. */
export const delivered = (record: SentInvitation[], actionId: string, at: number): SentInvitation[] =>
  change(
    record,
    (i) => i.actionId === actionId && i.deliveredAt === undefined,
    (i) => ({ ...i, deliveredAt: at }),
  );

/**
 * What became of the person's pending invitation: withdrawn, or accepted. A person has one
 * invitation pending at a time on the network, so every pending entry of the profile ends with it.
 */
export const ended = (record: SentInvitation[], slug: string, how: 'withdrawnAt' | 'acceptedAt', at: number): SentInvitation[] =>
  change(
    record,
    (i) => i.slug === slug && isPending(i),
    (i) => ({ ...i, [how]: at }),
  );

/** Whether the record holds an invitation to this profile still pending: the only kind the extension withdraws. */
export const pendingTo = (record: readonly SentInvitation[], slug: string): boolean => record.some((i) => i.slug === slug && isPending(i));

/** The latest invitation the record holds to this profile, whatever became of it (undefined: none). */
export const lastTo = (record: readonly SentInvitation[], slug: string): SentInvitation | undefined =>
  record.reduce<SentInvitation | undefined>((last, i) => (i.slug === slug && (!last || i.sentAt >= last.sentAt) ? i : last), undefined);
