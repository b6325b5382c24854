// During an outage, opening the options page or a profile with a panel asks the service at once
// whether it is back (lib/outbox/probe.ts), rather than at the outbox's next try, seconds later.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { actionsItem } from '../../../lib/store/storage';
import { configure, contentSender, controllerWithSandbox } from '../../helpers/controller';
import { until } from '../../helpers/until';
import { fakeClock, settle } from '../../helpers/fake-clock';

const PAUSED_AGENT = 'ag_H1cJ5yUoDq';

async function markedDuringOutage() {
  const wired = controllerWithSandbox();
  await configure();
  await wired.controller.poll();
  const action = (await actionsItem.getValue())!.actions.find((a) => a.agentId !== PAUSED_AGENT)!;
  wired.sandbox.faults = { down: true };
  const reply = (await settle(wired.ask({ type: 'markSent', actionId: action.id }))) as { data?: { state: string } };
  expect(reply.data?.state).toBe('queued');
  wired.sandbox.faults = {};
  return { ...wired, action };
}

describe('a page opened during an outage', () => {
  // The mark waits a second after the probe (writes are a second apart): on a fake clock.
  beforeEach(fakeClock);

  it('the options page: the service is asked at once, and the mark queued goes', async () => {
    const { ask, sandbox, action } = await markedDuringOutage();
    const probes = () => sandbox.log.filter((l) => l.route === 'account').length;
    const before = probes();
    await ask({ type: 'getCredentials' });
    // The fake clock stands still here, so the outbox's own next try (5 s away) cannot come: a probe
    // seen now is the page's. vi.waitFor polls on real timers only for storage and crypto to finish.
    await vi.waitFor(() => expect(probes()).toBe(before + 1), { timeout: 10_000, interval: 5 });
    // Then the mark goes a second later (writes are a second apart), before the outbox's next try.
    await until(() => sandbox.action(action.id)?.status === 'sent', 'the mark delivered', 4_500, 2);
    expect(probes()).toBe(before + 1);
  });

  it('a profile with a panel: the same', async () => {
    const { ask, sandbox, action } = await markedDuringOutage();
    const probes = () => sandbox.log.filter((l) => l.route === 'account').length;
    const before = probes();
    await ask({ type: 'profileSeen' }, contentSender(action.prospect.profileUrl!));
    await vi.waitFor(() => expect(probes()).toBe(before + 1), { timeout: 10_000, interval: 5 });
    await until(() => sandbox.action(action.id)?.status === 'sent', 'the mark delivered', 4_500, 2);
  });
});
