import { describe, expect, it } from 'vitest';
import type { NetworkAction } from '../../../lib/api/schemas';
import { agentWaits, nextAfter, splitWaiting } from '../../../lib/invitations/queue';

const action = (id: string, agentId: string): NetworkAction =>
  ({ id, agentId, prospect: { profileUrl: `https://www.linkedin.com/in/${id}/` } }) as NetworkAction;
const STATUS: Record<string, string> = { on: 'active', off: 'paused', gone: 'cancelled', unpaid: 'pending_payment', fresh: 'setup' };
const statusOf = (id: string | undefined) => (id ? STATUS[id] : undefined);

describe('the queue’s next and its waiting groups', () => {
  it('never names as next an invitation whose agent is paused, cancelled or waiting for payment', () => {
    const list = [action('a', 'on'), action('b', 'off'), action('c', 'gone'), action('d', 'unpaid'), action('e', 'on')];
    expect(nextAfter(list, 'a', statusOf)?.slug).toBe('e');
    expect(nextAfter(list, 'e', statusOf)?.slug).toBe('a');
    expect(nextAfter([action('b', 'off')], null, statusOf)).toBeUndefined();
    // An agent whose status is not known, or being set up, does not hold its invitations back.
    expect(nextAfter([action('f', 'nobody'), action('g', 'fresh')], null, statusOf)?.slug).toBe('f');
    expect(agentWaits('setup')).toBe(false);
  });

  it('groups those invitations apart, by agent, in the order they come', () => {
    const list = [action('a', 'off'), action('b', 'on'), action('c', 'unpaid'), action('d', 'off')];
    const { going, waiting } = splitWaiting(list, statusOf);
    expect(going.map((a) => a.id)).toEqual(['b']);
    expect(waiting.map((g) => [g.agentId, g.status, g.actions.map((a) => a.id)])).toEqual([
      ['off', 'paused', ['a', 'd']],
      ['unpaid', 'pending_payment', ['c']],
    ]);
  });
});
