// Which invitations sent through the extension are old and still pending (issue 33): from the
// extension's record (record.ts) and the service's sent actions (op 23 with status=sent), and which
// of them the network's Sent invitations page shows, matched by the profile's address only.
import { DAY_MS, isPending, type SentInvitation } from './record';
import type { ServiceSent } from '../store/shapes';
export type { ServiceSent } from '../store/shapes';

export interface OldInvitation extends SentInvitation {
  /** Whole days since it was sent. */
  days: number;
  /** `sent`: the service lists it as sent; `unknown`: not read, or its page was full without it. */
  service: 'sent' | 'unknown';
}

/**
 * The invitations sent through the extension at least `olderThanDays` days ago that are still
 * pending, oldest first, one per person (the latest sent to them): neither withdrawn nor seen accepted in the record, and not contradicted
 * by the service (a whole list of its sent actions that lacks one: its mark never reached the
 * service, or the service no longer holds it as sent).
 */
export function oldInvitations(record: readonly SentInvitation[], service: ServiceSent | null, now: number, olderThanDays: number): OldInvitation[] {
  const listed = new Set(service?.ids);
  // A person has one invitation pending at a time: the latest sent to them is the one.
  const latest = new Map<string, SentInvitation>();
  for (const i of record) {
    const held = latest.get(i.slug);
    if (isPending(i) && (!held || i.sentAt >= held.sentAt)) latest.set(i.slug, i);
  }
  return [...latest.values()]
    .filter((i) => now - i.sentAt >= olderThanDays * DAY_MS && (!service?.complete || listed.has(i.actionId)))
    .sort((a, b) => a.sentAt - b.sentAt)
    .map((i) => ({ ...i, days: Math.floor((now - i.sentAt) / DAY_MS), service: listed.has(i.actionId) ? 'sent' : 'unknown' }));
}

/** A row of the Sent page as the extension read it (lib/sent-invitations/in-tab/sent-read.ts): sure, with its profile. */
export interface SentPageRow {
  slug: string;
  /** The name the row shows: for display only. */
  name: string;
  /** The age the row shows, in days, when its words are known. */
  days?: number | undefined;
  /** What the row shows under the name, given only when another row of the page shows the same name. */
  headline?: string | undefined;
}

/** The old invitations the page shows, oldest first, each with its row: matched by the profile's slug, never by name. */
export function onPage(old: readonly OldInvitation[], rows: readonly SentPageRow[]): Array<OldInvitation & { row: SentPageRow }> {
  const bySlug = new Map(rows.map((r) => [r.slug, r]));
  return old.flatMap((i) => {
    const row = bySlug.get(i.slug);
    return row ? [{ ...i, row }] : [];
  });
}
