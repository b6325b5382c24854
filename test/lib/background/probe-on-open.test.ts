// During an outage, opening the options page or a profile with a panel asks the service at once
// whether it is back (lib/outbox/probe.ts), rather than at the outbox's next try, seconds later.
import { beforeEach, describe, expect, it } from 'vitest';
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
    // The outbox's own next try is 5 s away: well after this.
    await until(() => sandbox.action(action.id)?.status === 'sent', 'the mark delivered', 2_000, 2);
    expect(probes()).toBe(before + 1);
  });

  it('a profile with a panel: the same', async () => {
    const { ask, sandbox, action } = await markedDuringOutage();
    await settle(ask({ type: 'profileSeen' }, contentSender(action.prospect.profileUrl!)));
    await until(() => sandbox.action(action.id)?.status === 'sent', 'the mark delivered', 2_000, 2);
  });
});
