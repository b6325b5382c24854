// The background stopped before answering a write (an MV3 worker may stop at any time): the page
// learns from the outbox what became of that very write, whether it waits, went, or was refused.
import { describe, expect, it } from 'vitest';
import { messagingBackend } from '../../../components/shared/backend';
import { RequestFailed } from '../../../lib/messaging/ask';
import { receiptFromOutbox } from '../../../lib/messaging/lost-answer';
import type { DeadEntry, DeliveredEntry, OutboxEntry, Write } from '../../../lib/outbox/outbox';
import { actionsItem } from '../../../lib/store/storage';
import { configure, controllerWithSandbox, POPUP_SENDER } from '../../helpers/controller';
import { DEMO_KEY } from '../../sandbox/seed';

/** A page whose background handles each message, then stops before answering. */
async function stoppingBackground() {
  const wired = controllerWithSandbox();
  await configure();
  await wired.controller.poll();
  const backend = messagingBackend({
    runtime: {
      sendMessage: async (m: unknown) => {
        await wired.controller.handle(m, POPUP_SENDER);
        throw new Error('The message port closed before a response was received.');
      },
      openOptionsPage: async () => {},
      getURL: (p: string) => p,
    },
    permissions: { request: async () => true },
    tabs: { create: async () => ({}) },
  });
  const action = (await actionsItem.getValue())!.actions.find((a) => a.agentId !== 'ag_H1cJ5yUoDq')!;
  return { ...wired, backend, action };
}

describe('a write whose answer was lost', () => {
  it('is said saved when it was delivered meanwhile, not that the extension did not answer', async () => {
    const { backend, action, sandbox } = await stoppingBackground();
    expect(await backend.ask({ type: 'markSent', actionId: action.id })).toEqual({ state: 'saved' });
    expect(sandbox.action(action.id)?.status).toBe('sent');
  });

  it("is said refused, in the service's words, when the service refused it meanwhile", async () => {
    const { backend, action, sandbox } = await stoppingBackground();
    const account = sandbox.accounts.get(DEMO_KEY)!;
    account.actions = account.actions.filter((a) => a.id !== action.id);
    const failure = await backend.ask({ type: 'saveNote', actionId: action.id, message: 'Bonjour' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RequestFailed);
    expect((failure as RequestFailed).error.kind).toBe('not-found');
  });
});

describe('the entry of the lost request', () => {
  const entry = (id: string, enqueuedAt: number, more: Partial<OutboxEntry> = {}) =>
    ({ id, actionId: 'na_1', op: 'markSent', body: { metadata: {} }, enqueuedAt, notBefore: 0, uncertain: false, ...more }) as OutboxEntry;
  const key: { item: string; ops: Array<Write['op']> } = { item: 'na_1', ops: ['markSent', 'markFailed'] };

  it('is the first of its item stored since the request was sent, never an older one still queued', () => {
    const older = entry('e1', 1_000, { lastError: 'Failed to fetch', waitingFor: 'service' });
    const ours: DeliveredEntry = { id: 'e2', actionId: 'na_1', op: 'markSent', enqueuedAt: 2_000, deliveredAt: 2_100 };
    expect(receiptFromOutbox({ entries: [older], delivered: [ours] }, key, 1_500)).toEqual({ state: 'saved' });
    expect(receiptFromOutbox({ entries: [older], delivered: [ours] }, key, 500)).toMatchObject({ state: 'queued', waitingFor: 'service' });
  });

  it('of two requests both lost, each finds its own: held, then refused', () => {
    const first = entry('e1', 1_000, { holdUntil: 6_000 });
    const second: DeadEntry = {
      ...entry('e2', 3_000),
      deadAt: 3_100,
      reason: 'Agent cancelled',
      error: { kind: 'agent-cancelled', message: 'Agent cancelled', status: 403 },
    };
    const state = { entries: [first], dead: [second] };
    expect(receiptFromOutbox(state, key, 900)).toEqual({ state: 'held', entryId: 'e1', until: 6_000 });
    expect(receiptFromOutbox(state, key, 2_900)).toEqual({ state: 'refused', error: second.error });
    expect(receiptFromOutbox(state, key, 3_500)).toBeUndefined();
  });
});
