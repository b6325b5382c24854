// Every write to the service (notes and marks) goes through the durable outbox: stored first,
// then delivered within the budget. This module wires the outbox and says what a write changes.
import type { CallInput } from '../api/client';
import { ApiError, revive } from '../api/errors';
import type { ViewCall, ViewWrite } from '../api/view-ops';
import { readActionList } from '../api/reader';
import type { FailReason } from '../fail-reasons';
import { markMetadata } from '../metadata';
import { createOutbox, dueAt, type OutboxEntry, type WaitReason, type Write } from '../outbox/outbox';
import { saveDraft } from '../note-drafts';
import { pruneLog } from '../pace';
import { outboxStore } from '../outbox/store';
import { entrySigner } from '../outbox/signing';
import { sentLogItem, sessionMarksItem } from '../storage';
import type { Platform } from './platform';
import type { ReadyList } from './polling';
import { budgetHook, requestLimits, serviceClient, type BudgetStore, type Service } from './service';
import type { SyncStatus } from './sync-status';

/**
 * How a write stands once asked for: taken by the service, stored and waiting its turn, or held
 * for a few seconds so the person can undo it (then sent by the outbox on its own). `waitingFor`
 * says what a queued write waits for: `agent` means its agent is paused and the mark will be
 * recorded when the agent is active again.
 */
export type WriteReceipt =
  /** `answer`: the service's body, for a write of the views (the counts of a block…). */
  | { state: 'saved'; answer?: unknown }
  | { state: 'queued'; reason?: string | undefined; waitingFor?: WaitReason | undefined }
  | { state: 'held'; entryId: string; until: number };

/** How long a mark made from the popup can be undone before it is sent. */
export const UNDO_MS = 5_000;

/** A write held back no longer than this is waited for before answering. */
const SHORT_WAIT_MS = 2_000;

interface Mark {
  outcome: 'sent' | 'failed';
  method: 'manual' | 'assisted';
  reason?: FailReason | undefined;
  text?: string | undefined;
  /** What the assistant saw on the page, stored with the mark. */
  extra?: Record<string, unknown>;
}

export interface Writes {
  budget: BudgetStore;
  saveNote(actionId: string, message: string | null): Promise<WriteReceipt>;
  /** `hold`: keep it back for UNDO_MS so the person can take it back with `undo`. */
  mark(actionId: string, mark: Mark, hold?: boolean): Promise<WriteReceipt>;
  /**
   * A write of the options page's views, stored in the outbox under `item` (writes of one item go
   * in order); its answer's body comes back when the service took it at once.
   */
  call(write: ViewCall<ViewWrite>, item: string): Promise<WriteReceipt>;
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
  /** Drops every write, queued or refused (Forget everything); resolves to how many were queued. */
  forget(): Promise<number>;
}

export function createWrites(
  p: Pick<Platform, 'fetch' | 'now' | 'hasOriginPermission' | 'random' | 'newId' | 'wakeAt' | 'version' | 'browserName'>,
  ready: () => ReadyList,
  status: SyncStatus,
  service: () => Service,
  /** An invitation was marked sent on the service: the week's figures change (weekly-figures.ts). */
  afterSent: () => void = () => {},
): Writes {
  // One item per write in storage (lib/outbox/store.ts): a write's answer rewrites that item only.
  // Signed (lib/outbox/signing.ts): a write a content script put in storage is not sent unasked.
  const store = outboxStore(entrySigner());
  const outbox = createOutbox({
    limits: requestLimits,
    load: store.load,
    save: store.save,
    // The outbox spent the first try; fallback tries (405, 404) spend their own.
    send: async (entry) => {
      const api = await serviceClient(p, budgetHook(p, outbox, 'write', false));
      if (entry.op !== 'call') return api.call(entry.op, { params: { actionId: entry.actionId }, body: entry.body });
      const { name, ...input } = entry.body;
      return api.call(name, input as CallInput<typeof name>);
    },
    // A refused retry of a mark whose first answer was lost: does the service hold what was meant?
    // (The service lists the actions of that status.)
    holds: async (entry) => {
      const status = entry.op === 'markSent' ? 'sent' : 'failed';
      const query = { status, limit: 100, ...(entry.agentId ? { agent_filter: entry.agentId } : {}) } as const;
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
      if (outcome === 'delivered') await applyDelivered(entry, answer);
    },
  });

  /** Answers of the views' writes delivered while their page waited (kept until it reads them). */
  const answers = new Map<string, unknown>();

  /** What a delivered write changes in what the extension shows. */
  async function applyDelivered(entry: OutboxEntry, answer: unknown): Promise<void> {
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
      // Once per batch: the last mark of a queue going out asks for the figures, not each of them.
      const more = (await outbox.state()).entries.some((e) => e.op === 'markSent' && e.id !== entry.id);
      if (!more) afterSent();
    }
    await ready().remove(entry.actionId);
  }

  const drainSoon = () => void outbox.drain().catch(() => undefined);

  /**
   * Stores the write, then tries to deliver it: "saved" when the service took it, "queued" when it
   * waits (offline, limited, spaced, paused agent); a refusal (cancelled agent, 422…) is thrown,
   * and kept in the dead-letter list until the person retries or discards it.
   */
  async function submit(write: Write, actionId: string): Promise<WriteReceipt> {
    const agentId =
      write.op === 'call'
        ? undefined
        : await ready()
            .known(actionId)
            .then(
              (a) => a.agentId,
              () => undefined,
            );
    const entry = await outbox.enqueue(write, actionId, agentId);
    // The note typed and not saved is now stored as a write (or the action is done with): forget the draft.
    if (write.op !== 'call') await saveDraft(actionId, undefined);
    await outbox.drain();
    let state = await outbox.state();
    // When only the spacing between writes holds it back, wait for it: the person then sees
    // the service's own answer rather than "queued".
    for (let i = 0; i < 3; i++) {
      const pending = state.entries.find((e) => e.id === entry.id);
      if (!pending || state.pausedForKey) break;
      const wait = dueAt(state, pending, p.now(), await requestLimits()) - p.now();
      if (wait > SHORT_WAIT_MS) break;
      await new Promise((r) => setTimeout(r, Math.max(0, wait)));
      await outbox.drain();
      state = await outbox.state();
    }
    const dead = state.dead.find((d) => d.id === entry.id);
    if (dead) throw revive(dead.error);
    const pending = state.entries.find((e) => e.id === entry.id);
    if (!pending) {
      const answer = answers.get(entry.id);
      answers.delete(entry.id);
      return answer === undefined ? { state: 'saved' } : { state: 'saved', answer };
    }
    if (state.pausedForKey) await status.noteFailure(new ApiError('unauthorized', pending.lastError ?? 'Unauthenticated', 401));
    return { state: 'queued', reason: pending.lastError, waitingFor: pending.waitingFor ?? (state.outage ? 'service' : undefined) };
  }

  async function mark(actionId: string, m: Mark, hold = false): Promise<WriteReceipt> {
    const context = { version: p.version, browser: p.browserName, now: p.now() };
    const metadata = { ...markMetadata(context, { method: m.method, reason: m.reason, reasonText: m.text }), ...m.extra };
    const write: Write = { op: m.outcome === 'sent' ? 'markSent' : 'markFailed', body: { metadata } };
    await sessionMarksItem.setValue((await sessionMarksItem.getValue()) + 1);
    if (!hold) return submit(write, actionId);
    const agentId = await ready()
      .known(actionId)
      .then(
        (a) => a.agentId,
        () => undefined,
      );
    const entry = await outbox.enqueue(write, actionId, agentId, UNDO_MS);
    // Asks to be woken when the hold is over: the popup may be closed by then.
    await outbox.drain();
    return { state: 'held', entryId: entry.id, until: entry.enqueuedAt + UNDO_MS };
  }

  async function undo(entryId: string): Promise<boolean> {
    const cancelled = await outbox.cancel(entryId);
    if (cancelled) await sessionMarksItem.setValue(Math.max(0, (await sessionMarksItem.getValue()) - 1));
    return cancelled;
  }

  return {
    budget: {
      take: outbox.take,
      limited: outbox.limited,
      answered: async () => {
        await outbox.answered();
        drainSoon();
      },
    },
    saveNote: (actionId, message) => submit({ op: 'updateMessage', body: { message } }, actionId),
    call: (write, item) => submit({ op: 'call', body: write }, `view:${item}`),
    mark,
    undo,
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
    forget: () => outbox.forget(),
  };
}
