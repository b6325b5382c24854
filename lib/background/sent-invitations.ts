// The background's side of issue 33: the record of the invitations the extension marked sent
// (written as marks are made and delivered), the old ones still pending for the desk's Sent
// invitations view (the service's sent actions read at most once an hour, only when that view asks),
// and a withdrawal on the Sent page for one click of the person's. Nothing runs in a profile's tab
// for the record: the page could time it (docs/page-states.md, *Accepted*).
// What runs in the tab is its own file (lib/sent-invitations/in-tab/); the rules are pure, in
// lib/sent-invitations/.
import { readActionList } from '../api/reader';
import { type SerializedApiError, serializeError } from '../api/errors';
import type { NetworkAction } from '../api/schemas';
import { elapsedSince } from '../util/clock';
import { isSentAddress } from '../page/reader/sent-address';
import { profileSlug } from '../network/profile-url';
import { serial } from '../storage/serial';
import type { SentPageReading } from '../sent-invitations/in-tab/sent-read';
import { LIST_WAIT_MS, type TabScript } from '../sent-invitations/in-tab/slot';
import type { NotSureWhy, WithdrawEnd, WithdrawTabState } from '../sent-invitations/in-tab/withdraw';
import { takeWithdrawal } from '../sent-invitations/limiter';
import { type OldInvitation, oldInvitations, onPage, type SentPageRow, type ServiceSent } from '../sent-invitations/old';
import { delivered, ended, pendingTo, type SentInvitation, withoutAction, withSent } from '../sent-invitations/record';
import { type SingleFlight, singleFlight } from '../util/single-flight';
import { sentRecordItem, serviceSentItem, settingsItem, type Withdrawals, withdrawalsItem } from '../store/storage';
import type { Platform } from './platform';
import type { Service } from './service';

/** The service's sent actions are read again at most this often, and after a failure not before this. */
const SERVICE_MAX_AGE_MS = 60 * 60_000;
const RETRY_AFTER_FAILURE_MS = 5 * 60_000;
/** The spec's largest page of actions. */
const SENT_PAGE = 100;
/** One read of what a tab's script says waits this long at most (each read is an API call: the worker stays up). */
const SAY_WAIT_MS = 20_000;
/** The Sent page's reading comes within the script's own wait for the list: longer, its document is gone. */
const READ_WAIT_MS = LIST_WAIT_MS + 2_000;
/** Nothing is left of a withdrawal after this (the tab's script gives up at 10 s + 3 min + 20 s): the background stops following it. */
const FOLLOW_MS = 4 * 60_000;
/** Not sure because nothing could be done in the page. */
const UNTOUCHED: NotSureWhy[] = ['not-sent-page', 'no-row', 'two-rows', 'row-not-sure'];

/** What the desk's Sent invitations view shows (the `sentInvitations` message). */
export interface SentInvitationsReply {
  /** Sent through the extension at least `olderThanDays` ago and still pending, oldest first. */
  old: OldInvitation[];
  olderThanDays: number;
  /** When the service's sent actions were read, and whether its list was whole; null: never read. */
  service: { readAt: number; complete: boolean } | null;
  /** Why the service could not be read just now: the list rests on what was read before, or on the record alone. */
  serviceError?: SerializedApiError | undefined;
  /** The tab's Sent invitations page, when a tab showing it was given: the old invitations it lists, each with its row. */
  page?: { state: SentPageReading['state']; rows: number; old: Array<OldInvitation & { row: SentPageRow }> } | undefined;
}

/**
 * The answer to one withdrawal (the `withdraw` message): how it ended (`at`: when), or why nothing
 * was started.
 */
export type WithdrawReply =
  | (WithdrawEnd & { at: number })
  /** The limit of withdrawals a minute is reached: the next may start then (nothing was done). */
  | { state: 'wait'; until: number }
  /** Another withdrawal is under way (its person's slug): one at a time. */
  | { state: 'busy'; slug: string }
  /** The tab does not show the Sent invitations page (the browser's address of it). */
  | { state: 'not-sent-page' }
  /** The extension sent no invitation still pending to this profile: it withdraws only its own. */
  | { state: 'not-ours' };

type Deps = Pick<Platform, 'now' | 'tabUrl' | 'runTabScript' | 'tabScriptSays'>;

/**
 * The invitation an action's mark sends, as the record keeps it. Its note is the saved one, or what
 * the page's note box held at Send (`note_in_dialog`), or none when it went without a note.
 */
export function sentEntry(action: NetworkAction, extra: Record<string, unknown> | undefined, at: number): SentInvitation | undefined {
  const slug = profileSlug(action.prospect.profileUrl);
  if (!slug) return undefined;
  const inDialog = extra?.note_in_dialog;
  const note = extra?.note_included === false ? null : typeof inDialog === 'string' ? inDialog : action.message;
  return { actionId: action.id, slug, name: action.prospect.name, agentId: action.agentId, agentName: action.agentName, note, sentAt: at };
}

export function createSentInvitations(p: Deps, service: Service) {
  // One change of the record at a time in the background, its only writer.
  const recordQueue = serial();
  const edit = (change: (record: SentInvitation[]) => SentInvitation[]) =>
    recordQueue(async () => {
      const before = await sentRecordItem.getValue();
      const after = change(before);
      if (after !== before) await sentRecordItem.setValue(after);
    });
  let failedAt: number | undefined;

  /** The service's sent actions: kept for an hour; read again within the request budget. */
  async function serviceSent(): Promise<{ sent: ServiceSent | null; error?: SerializedApiError }> {
    const kept = await serviceSentItem.getValue();
    const now = p.now();
    if (kept && elapsedSince(kept.fetchedAt, now) < SERVICE_MAX_AGE_MS) return { sent: kept };
    if (failedAt !== undefined && elapsedSince(failedAt, now) < RETRY_AFTER_FAILURE_MS) return { sent: kept };
    try {
      const query = { status: 'sent' as const, limit: SENT_PAGE };
      const list = await service.read('listActions', { query }, (body) => readActionList(body, SENT_PAGE));
      const sent: ServiceSent = {
        ids: list.actions.filter((a) => a.status === undefined || a.status === 'sent').map((a) => a.id),
        complete: list.skipped === 0 && list.actions.length < SENT_PAGE,
        fetchedAt: now,
      };
      await serviceSentItem.setValue(sent);
      failedAt = undefined;
      return { sent };
    } catch (error) {
      failedAt = now;
      return { sent: kept, error: serializeError(error) };
    }
  }

  /** What a tab's script says next (after version `seen`), waited for at most `waitMs`; null when none speaks there. */
  const says = (tabId: number, name: TabScript, seen: number, waitMs: number) => p.tabScriptSays(tabId, name, seen, waitMs).catch(() => null);

  // A run of the script leaves its input in the tab's slot, which a second run would replace under the
  // first one's read (it then finds no word and answers without the page, measured in Firefox when
  // the desk asked at the tab's address and again at its title): one read of a tab at a time, and an
  // ask during one gets the read run after it (it may have come for a newer document).
  const reads = new Map<number, SingleFlight<SentPageReading | null | undefined>>();
  function readPage(tabId: number) {
    let flight = reads.get(tabId);
    if (!flight) {
      flight = singleFlight(async () => {
        await p.runTabScript(tabId, 'sent-read', true);
        return (await says(tabId, 'sent-read', 0, READ_WAIT_MS))?.state as SentPageReading | null | undefined;
      });
      reads.set(tabId, flight);
    }
    return flight.run(true);
  }

  async function list(tabId: number | undefined): Promise<SentInvitationsReply> {
    const [record, settings, { sent, error }] = await Promise.all([sentRecordItem.getValue(), settingsItem.getValue(), serviceSent()]);
    const old = oldInvitations(record, sent, p.now(), settings.oldAfterDays);
    const reply: SentInvitationsReply = { old, olderThanDays: settings.oldAfterDays, service: sent && { readAt: sent.fetchedAt, complete: sent.complete } };
    if (error) reply.serviceError = error;
    if (tabId !== undefined && isSentAddress(await p.tabUrl(tabId))) {
      const page = await readPage(tabId);
      if (page?.isSentPage) reply.page = { state: page.state, rows: page.rows.length, old: onPage(old, page.rows) };
    }
    return reply;
  }

  const setCurrent = (change: (w: Withdrawals) => Withdrawals) => withdrawalsItem.getValue().then((w) => withdrawalsItem.setValue(change(w)));

  /** The withdrawal's last word: recorded, the one under way forgotten, and answered. */
  async function finish(end: WithdrawEnd, slug: string, startedAt: number): Promise<WithdrawReply> {
    const at = p.now();
    if (end.state === 'withdrawn') await edit((r) => ended(r, slug, 'withdrawnAt', at));
    // Nothing happened in the page: the limiter gives the withdrawal back.
    const untouched = end.state === 'not-sure' && UNTOUCHED.includes(end.why);
    await setCurrent(({ times, current }) => ({
      times: untouched ? times.filter((t) => t !== startedAt) : times,
      ...(current && current.slug !== slug ? { current } : {}),
    }));
    return { ...end, at };
  }

  const left = (why: NotSureWhy): WithdrawEnd => ({ state: 'not-sure', why, evidence: [] });

  /** Follows the withdrawal under way in the tab to its end (each read a short wait), keeping its step for the desk. */
  async function follow(tabId: number, slug: string, startedAt: number): Promise<WithdrawReply> {
    for (let seen = -1; ; ) {
      const said = await says(tabId, 'sent-withdraw', seen, SAY_WAIT_MS);
      const state = said?.state as WithdrawTabState | null | undefined;
      if (!said || (state && state.slug !== slug)) return finish(left('page-left'), slug, startedAt);
      if (state?.step === 'done') return finish(state.end, slug, startedAt);
      if (elapsedSince(startedAt, p.now()) > FOLLOW_MS) return finish(left('no-answer'), slug, startedAt);
      seen = said.version;
      if (state) await setCurrent((w) => (w.current?.slug === slug ? { ...w, current: { ...w.current, step: state.step } } : w));
    }
  }

  /** Checks, then starts a withdrawal (or finds the one under way): a reply, or when the one to follow started. */
  async function begin(tabId: number, slug: string): Promise<WithdrawReply | { startedAt: number }> {
    if (!pendingTo(await sentRecordItem.getValue(), slug)) return { state: 'not-ours' };
    if (!isSentAddress(await p.tabUrl(tabId))) return { state: 'not-sent-page' };
    const { current } = await withdrawalsItem.getValue();
    if (current) {
      // Asked again for the one under way (the desk's answer was lost): followed, not started twice.
      if (current.tabId === tabId && current.slug === slug) return { startedAt: current.at };
      const state = (await says(current.tabId, 'sent-withdraw', -1, 0))?.state as WithdrawTabState | null | undefined;
      const theirs = state?.slug === current.slug ? state : undefined;
      if (theirs && theirs.step !== 'done' && elapsedSince(current.at, p.now()) <= FOLLOW_MS) return { state: 'busy', slug: current.slug };
      // It ended while nobody followed it (the worker stopped): its last word is recorded now.
      await finish(theirs?.step === 'done' ? theirs.end : left('page-left'), current.slug, current.at);
    }
    const [{ times }, settings] = await Promise.all([withdrawalsItem.getValue(), settingsItem.getValue()]);
    const now = p.now();
    const taken = takeWithdrawal(times, now, settings.withdrawalsPerMinute);
    if (!taken.ok) return { state: 'wait', until: taken.until };
    await withdrawalsItem.setValue({ times: taken.times, current: { tabId, slug, at: now, step: 'finding' } });
    try {
      await p.runTabScript(tabId, 'sent-withdraw', { slug, letMeClick: !!settings.letMeClick });
    } catch {
      return finish(left('page-left'), slug, now);
    }
    return { startedAt: now };
  }

  // Withdrawals start one at a time: a double click cannot start two.
  const starting = serial();

  /** One withdrawal for one click of the person's, followed to the page's outcome. */
  async function withdraw(tabId: number, slug: string): Promise<WithdrawReply> {
    const next = await starting(() => begin(tabId, slug));
    return 'startedAt' in next ? follow(tabId, slug, next.startedAt) : next;
  }

  return {
    /** A mark sent was made (held for undo or not): the invitation left now. */
    marked: (entry: SentInvitation) => edit((r) => withSent(r, entry, p.now())),
    /** A mark taken back before it went. */
    unmarked: (actionId: string) => edit((r) => withoutAction(r, actionId)),
    /** The service took the mark. */
    delivered: (actionId: string) => edit((r) => delivered(r, actionId, p.now())),
    list,
    withdraw,
  };
}

export type SentInvitations = ReturnType<typeof createSentInvitations>;
