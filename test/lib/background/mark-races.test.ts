// Marks that race (issue 51, item 3): a mark this browser delivered, replaced a moment later by
// another browser's mark of the other outcome, is said to the person, with what the service holds
// now; the watch lasts 10 minutes, then nothing more is read. On the fake clock.
import { describe, expect, it } from 'vitest';
import { actionsItem, markWatchItem } from '../../../lib/store/storage';
import { outboxView } from '../../../lib/outbox/store';
import { WATCH_MS } from '../../../lib/background/mark-races';
import { configure, controllerWithSandbox } from '../../helpers/controller';
import { fakeClock, pass, settle } from '../../helpers/fake-clock';

async function markedFailed() {
  fakeClock();
  const wired = controllerWithSandbox();
  await configure();
  await wired.controller.poll();
  const action = (await actionsItem.getValue())!.actions.find((a) => a.agentId !== 'ag_H1cJ5yUoDq' && a.prospect.name)!;
  expect(await settle(wired.ask({ type: 'markFailed', actionId: action.id, reason: 'other', text: '' }))).toMatchObject({ ok: true });
  expect(wired.sandbox.action(action.id)!.status).toBe('failed');
  const sentReads = () => wired.sandbox.log.filter((l) => l.route === 'listActions' && new URLSearchParams(l.query).get('status') === 'sent').length;
  return { ...wired, action, sentReads };
}

/** Another browser's mark sent lands after ours (the spec lets a mark sent follow any status). */
function sentElsewhere(wired: Awaited<ReturnType<typeof markedFailed>>, at: number) {
  Object.assign(wired.sandbox.action(wired.action.id)!, {
    status: 'sent',
    sent_at: at,
    metadata: { source: 'invitation-assistant-extension', browser: 'firefox', method: 'manual', marked_at: new Date(at).toISOString() },
  });
}

describe('a mark delivered, then replaced by another browser’s', () => {
  it('is said to the person of this browser at the next poll, by name, with what the service holds now (one read of the sent list)', async () => {
    const wired = await markedFailed();
    const before = wired.sentReads();
    await pass(30_000);
    const at = Date.now();
    sentElsewhere(wired, at);
    await pass(30_000);
    await settle(wired.controller.poll());
    expect(wired.sentReads() - before).toBe(1);
    const told = (await outboxView.getValue()).dead.find((d) => d.actionId === wired.action.id);
    expect(told).toMatchObject({
      op: 'markFailed',
      person: { name: wired.action.prospect.name },
      error: {
        kind: 'handled-elsewhere',
        found: { state: 'sent', at: new Date(at).toISOString(), browser: 'Firefox', person: wired.action.prospect.name, after: true },
      },
    });
    // Told once: no longer watched, nothing more read.
    expect(await markWatchItem.getValue()).toEqual([]);
    await pass(60_000);
    await settle(wired.controller.poll());
    expect(wired.sentReads() - before).toBe(1);
  });

  it('while the service still holds this browser’s mark: read at each poll, nothing said', async () => {
    const wired = await markedFailed();
    const before = wired.sentReads();
    for (let i = 0; i < 3; i++) {
      await pass(60_000);
      await settle(wired.controller.poll());
    }
    expect(wired.sentReads() - before).toBe(3);
    expect((await outboxView.getValue()).dead).toEqual([]);
  });

  it('is watched 10 minutes only: after them nothing more is read, and a later mark is not said', async () => {
    const wired = await markedFailed();
    await pass(WATCH_MS);
    const before = wired.sentReads();
    sentElsewhere(wired, Date.now());
    await settle(wired.controller.poll());
    expect(wired.sentReads() - before).toBe(0);
    expect((await outboxView.getValue()).dead).toEqual([]);
    expect(await markWatchItem.getValue()).toEqual([]);
  });
});
