// Every write to the service (notes and marks) goes through the durable outbox: stored first,
// then delivered within the budget. This module wires the outbox and does what a write changes;
// what a write decides (its receipt, the wait for it, the read-back) is in writes-core.ts.
// Near 300 lines: the shell's effects for the four kinds of write (note, mark, undo, a view's
// write) share one outbox and its lock; split further, each part would reach into the others.
// What a note's send checks first is in note-check.ts, what a delivered mark is watched for in mark-races.ts.
import type { CallInput } from '../api/client';
import { ApiError, revive } from '../api/errors';
import type { ViewCall, ViewWrite } from '../api/view-ops';
import { readActionList } from '../api/reader';
import { saveDraft } from '../store/note-drafts';
import { createOutbox, type DeadEntry, type OutboxEntry, type OutboxState, type Write, type WritePerson } from '../outbox/outbox';
import { pruneLog } from '../invitations/pace';
import { writePersonOf } from '../invitations/write-person';
import { outboxStore } from '../outbox/store';
import { entrySigner } from '../outbox/signing';
import { sentLogItem, sessionMarksItem } from '../store/storage';
import type { Platform } from './platform';
import type { ReadyList } from './polling';
import { budgetHook, requestLimits, serviceClient, type BudgetStore, type Service } from './service';
import type { SyncStatus } from './sync-status';
import { refusedEffects } from './handled-elsewhere';
import { checkNote } from './note-check';
import { checkSeen } from './seen-check';
import { sentEntry, type SentInvitations } from './sent-invitations';
import { heldReceipt, lastOfBatch, type Mark, markWrite, readBackQuery, receiptOf, shortWait, UNDO_MS, waiting, type WriteReceipt } from './writes-core';

export { UNDO_MS } from './writes-core';

export interface Writes {
  budget: BudgetStore;
  /** `base`: the note the editor started from, compared with the service's before sending (note-check.ts). */
  saveNote(actionId: string, message: string | null, base?: string | null): Promise<WriteReceipt>;
  /** `hold`: keep it back for UNDO_MS so the person can take it back with `undo`. */
  mark(actionId: string, mark: Mark, hold?: boolean): Promise<WriteReceipt>;
  /**
   * A write of the options page's views, stored in the outbox under `item` (writes of one item go
   * in order); its answer's body comes back when the service took it at once. `seen`: what the
   * person saw of the email or letter validated, compared with the service's before sending (seen-check.ts).
   */
  call(write: ViewCall<ViewWrite>, item: string, seen?: string): Promise<WriteReceipt>;
  /** Takes back a held mark; false when it already went. */
  undo(entryId: string): Promise<boolean>;
  /** Delivers what is due (alarm, start-up). */
  deliver(): Promise<void>;
  /** A person opened a page: during an outage the service is asked at once whether it is back. */
  opened(): Promise<void>;
  retry(entryId: string): Promise<void>;
  discard(entryId: string): Promise<void>;
  /** A person saw the refused writes: the oldest of them may make room for new ones. */
  refusedSeen(): Promise<void>;
  /** The service's origin changed: writes made for the old one wait for the person's choice. */
  holdFor(origin: string): Promise<void>;
  /** Sends the held writes to the service now set (`send`), or discards them. */
  releaseHeld(send: boolean): Promise<void>;
  /** Lets writes held after a 401 go out (the key changed). */
  resume(): Promise<void>;
  /** An agent is active again: marks held for a paused agent go out now (those still paused are held again). */
  agentActive(): Promise<void>;
  /** A delivered write the person must hear of (a mark replaced by a later one), listed with the refused. */
  told(dead: DeadEntry): Promise<void>;
  /** Drops every write, queued or refused (Forget everything); resolves to how many were queued. */
  forget(): Promise<number>;
}

type WritesPlatform = Pick<Platform, 'fetch' | 'now' | 'hasOriginPermission' | 'random' | 'newId' | 'wakeAt' | 'version' | 'browserName'>;
type Outbox = ReturnType<typeof createOutbox>;
/** The record of invitations marked sent (sent-invitations.ts): a failure to keep it never fails a mark. */
type SentRecord = () => Pick<SentInvitations, 'marked' | 'unmarked' | 'delivered'> | undefined;

/**
 * The background's one outbox. One item per write in storage (lib/outbox/store.ts): a write's
 * answer rewrites that item only. Signed (lib/outbox/signing.ts): a write a content script put in
 * storage is not sent unasked. `delivered`: what a write the service took changes.
 */
function backgroundOutbox(
  p: WritesPlatform,
  service: () => Service,
  ready: () => ReadyList,
  delivered: (entry: OutboxEntry, answer: unknown) => Promise<void>,
  refused: (entry: OutboxEntry) => Promise<void>,
): Outbox {
  const store = outboxStore(entrySigner());
  const outbox = createOutbox({
    limits: requestLimits,
    load: store.load,
    save: store.save,
    // The outbox spent the first try; fallback tries (405, 404) spend their own.
    send: async (entry) => {
      // A note edited from a note the service no longer holds is not sent (the person chooses).
      await checkNote(service(), ready(), entry);
      // Nor a validation of an email or letter that changed since the person saw it.
      await checkSeen(service(), entry);
      const api = await serviceClient(p, budgetHook(p, outbox, 'write', false));
      if (entry.op !== 'call') return api.call(entry.op, { params: { actionId: entry.actionId }, body: entry.body });
      const { name, ...input } = entry.body;
      return api.call(name, input as CallInput<typeof name>);
    },
    // A refused retry of a mark whose first answer was lost: does the service hold what was meant?
    holds: async (entry) => {
      const query = readBackQuery(entry);
      const list = await service().read('listActions', { query }, (body) => readActionList(body, query.limit));
      return list.actions.some((a) => a.id === entry.actionId);
    },
    // During an outage, the service is asked with the cheapest read (GET /me, spec 000 op 1) rather
    // than a write: its read is counted by the outbox, fallback tries spend their own.
    probe: async () => {
      const api = await serviceClient(p, budgetHook(p, outbox, 'read', false));
      await api.call('account', {});
    },
    now: () => p.now(),
    random: () => p.random(),
    newId: () => p.newId(),
    wakeAt: (at) => p.wakeAt(at),
    onSettled: async (entry, outcome, answer) => {
      if (outcome === 'delivered') await delivered(entry, answer);
      else await refused(entry);
    },
  });
  return outbox;
}

/**
 * What a delivered write changes in what the extension shows. `answers`: those of the views'
 * writes, kept until their page reads them; `afterSent`: the week's figures change; `state`: the
 * outbox's, read once a mark is delivered.
 */
function deliveredEffects(
  p: WritesPlatform,
  ready: () => ReadyList,
  state: () => Promise<OutboxState>,
  answers: Map<string, unknown>,
  afterSent: () => void,
  record: SentRecord,
  afterMark: (entry: OutboxEntry) => Promise<void>,
) {
  return async (entry: OutboxEntry, answer: unknown): Promise<void> => {
    if (entry.op === 'call') {
      answers.set(entry.id, answer);
      return;
    }
    if (entry.op === 'updateMessage') {
      const message = entry.body.message || null;
      return ready().update(entry.actionId, (a) => ({ ...a, message }));
    }
    if (entry.op === 'markSent') {
      await sentLogItem.setValue([...pruneLog(await sentLogItem.getValue(), p.now()), p.now()]);
      await record()
        ?.delivered(entry.actionId)
        .catch(() => undefined);
      // Once per batch: the last mark of a queue going out asks for the figures, not each of them.
      if (lastOfBatch(await state(), entry)) afterSent();
    }
    await ready().remove(entry.actionId);
    // Watched a while: another browser's mark may replace it (mark-races.ts); never fails the mark.
    await afterMark(entry).catch(() => undefined);
  };
}

/** A person's writes: stored in the outbox, then answered as the outbox's state says. */
function writer(p: WritesPlatform, ready: () => ReadyList, status: SyncStatus, outbox: Outbox, answers: Map<string, unknown>, record: SentRecord) {
  /** The action's agent and person, when the ready list knows the action: the write keeps them. */
  const aboutOf = (actionId: string): Promise<{ agentId?: string | undefined; person?: WritePerson | undefined }> =>
    ready()
      .known(actionId)
      .then(
        (a) => ({ agentId: a.agentId, person: writePersonOf(a) }),
        () => ({}),
      );

  /**
   * Stores the write, then tries to deliver it: "saved" when the service took it, "queued" when it
   * waits (offline, limited, spaced, paused agent); a refusal (cancelled agent, 422…) is thrown,
   * and kept in the dead-letter list until the person retries or discards it.
   */
  async function submit(write: Write, actionId: string): Promise<WriteReceipt> {
    const { agentId, person } = write.op === 'call' ? {} : await aboutOf(actionId);
    const entry = await outbox.enqueue(write, actionId, agentId, 0, person);
    // The note typed and not saved is now stored as a write (or the action is done with): forget the draft.
    if (write.op !== 'call') await saveDraft(actionId, undefined);
    await outbox.drain();
    let state = await outbox.state();
    for (let i = 0; i < 3; i++) {
      const pending = waiting(state, entry.id);
      const wait = pending && shortWait(state, pending, p.now(), await requestLimits());
      if (wait === undefined) break;
      await new Promise((r) => setTimeout(r, wait));
      await outbox.drain();
      state = await outbox.state();
    }
    const told = receiptOf(state, entry.id, answers.get(entry.id));
    if ('refused' in told) throw revive(told.refused);
    if (told.receipt.state === 'saved') answers.delete(entry.id);
    if (told.unauthorized !== undefined) await status.noteFailure(new ApiError('unauthorized', told.unauthorized, 401));
    return told.receipt;
  }

  async function mark(actionId: string, m: Mark, hold = false): Promise<WriteReceipt> {
    const write = markWrite(m, { version: p.version, browser: p.browserName, now: p.now() });
    await sessionMarksItem.setValue((await sessionMarksItem.getValue()) + 1);
    // The invitation left now, whatever the service's answer: the record keeps it (issue 33).
    if (m.outcome === 'sent') {
      const entry = await ready()
        .known(actionId)
        .then((action) => sentEntry(action, m.extra, p.now()))
        .catch(() => undefined);
      if (entry)
        await record()
          ?.marked(entry)
          .catch(() => undefined);
    }
    // The badge counts what is left to do: a mark made, delivered or not, takes its invitation off.
    try {
      return await (hold ? held(write, actionId) : submit(write, actionId));
    } finally {
      await status.refreshBadge();
    }
  }

  async function held(write: Write, actionId: string): Promise<WriteReceipt> {
    const { agentId, person } = await aboutOf(actionId);
    const entry = await outbox.enqueue(write, actionId, agentId, UNDO_MS, person);
    // Asks to be woken when the hold is over: the popup may be closed by then.
    await outbox.drain();
    return heldReceipt(entry);
  }

  return { submit, mark };
}

export function createWrites(
  p: WritesPlatform,
  ready: () => ReadyList,
  status: SyncStatus,
  service: () => Service,
  /** An invitation was marked sent on the service: the week's figures change (weekly-figures.ts). */
  afterSent: () => void = () => {},
  record: SentRecord = () => undefined,
  /** A mark was delivered (mark-races.ts watches it). */
  afterMark: (entry: OutboxEntry) => Promise<void> = async () => {},
): Writes {
  /** Answers of the views' writes delivered while their page waited (kept until it reads them). */
  const answers = new Map<string, unknown>();
  const outbox: Outbox = backgroundOutbox(
    p,
    service,
    ready,
    deliveredEffects(p, ready, () => outbox.state(), answers, afterSent, record, afterMark),
    refusedEffects(() => outbox, service, ready),
  );
  const { submit, mark } = writer(p, ready, status, outbox, answers, record);
  /** Puts away the item's writes refused for `kind` (what changed since it was seen): a new write of it replaces them. */
  const supersede = async (item: string, kind: 'note-changed' | 'seen-changed') => {
    for (const d of (await outbox.state()).dead) if (d.actionId === item && d.error.kind === kind) await outbox.discard(d.id);
  };
  const drainSoon = () => void outbox.drain().catch(() => undefined);
  return {
    budget: {
      take: outbox.take,
      limited: outbox.limited,
      answered: async () => {
        await outbox.answered();
        drainSoon();
      },
    },
    saveNote: async (actionId, message, base) => {
      // A new note supersedes the notes of this invitation refused because the service's had changed.
      await supersede(actionId, 'note-changed');
      return submit({ op: 'updateMessage', body: { message }, ...(base === undefined ? {} : { base }) }, actionId);
    },
    call: async (write, item, seen) => {
      // A new decision on the item supersedes a validation refused because the record had changed.
      await supersede(`view:${item}`, 'seen-changed');
      return submit({ op: 'call', body: write, ...(seen === undefined ? {} : { seen }) }, `view:${item}`);
    },
    mark,
    /** Takes back a held mark, the mark it counted, and the invitation the record kept for it. */
    undo: async (entryId) => {
      const held = (await outbox.state()).entries.find((e) => e.id === entryId);
      const cancelled = await outbox.cancel(entryId);
      if (cancelled) await sessionMarksItem.setValue(Math.max(0, (await sessionMarksItem.getValue()) - 1));
      if (cancelled) await status.refreshBadge();
      if (cancelled && held?.op === 'markSent')
        await record()
          ?.unmarked(held.actionId)
          .catch(() => undefined);
      return cancelled;
    },
    deliver: () => outbox.drain(),
    opened: () => outbox.opened(),
    retry: async (entryId) => {
      await outbox.retry(entryId);
      await outbox.drain();
    },
    discard: (entryId) => outbox.discard(entryId),
    refusedSeen: async () => {
      await outbox.refusedSeen();
    },
    holdFor: (origin) => outbox.holdFor(origin),
    releaseHeld: async (send) => {
      await outbox.releaseHeld(send);
      if (send) drainSoon();
    },
    resume: async () => {
      await outbox.resume();
      drainSoon();
    },
    agentActive: async () => {
      await outbox.agentActive();
      drainSoon();
    },
    told: (dead) => outbox.told(dead),
    forget: () => outbox.forget(),
  };
}
