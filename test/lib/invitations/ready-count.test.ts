import { describe, expect, it } from 'vitest';
import type { Agent, NetworkAction } from '../../../lib/api/schemas';
import { readyBadgeText, readyCount } from '../../../lib/invitations/ready-count';
import { readyWords } from '../../../lib/invitations/ready-words';
import type { ActionsSnapshot } from '../../../lib/store/storage';
import { entry } from '../../helpers/outbox-entries';

const action = (id: string, agentId?: string): NetworkAction =>
  ({ id, message: null, prospect: { profileUrl: `https://www.linkedin.com/in/${id}/` }, ...(agentId ? { agentId } : {}) }) as NetworkAction;
const snap = (actions: NetworkAction[], more: Partial<ActionsSnapshot> = {}): ActionsSnapshot => ({
  actions,
  fetchedAt: 0,
  full: false,
  agentFilter: null,
  ...more,
});
const agent = (id: string, status: string, name?: string): Agent => ({
  id,
  status,
  isActive: status === 'active',
  internalNote: `note ${id}`,
  ...(name ? { name } : {}),
});
const AGENTS = [agent('on', 'active', 'SaaS'), agent('off', 'paused', 'Salons Lyon'), agent('unpaid', 'pending_payment'), agent('gone', 'cancelled', 'Old')];
const t = (key: string, subs?: (string | number)[]) => `${key}:${subs?.join(',') ?? ''}`;

describe('the ready count every surface shows', () => {
  it('counts apart, per agent, the invitations whose agent is paused, cancelled or unpaid', () => {
    const page = snap([action('a1', 'on'), action('a2', 'off'), action('a3', 'unpaid'), action('a4', 'off'), action('a5', 'gone'), action('a6', 'on')]);
    const count = readyCount(page, null, AGENTS, [], 0);
    expect(count.ready).toBe(2);
    expect(count.waiting).toEqual([
      { agentId: 'off', name: 'Salons Lyon', status: 'paused', count: 2 },
      // Without a name, what the person wrote of the agent.
      { agentId: 'unpaid', name: 'note unpaid', status: 'pending_payment', count: 1 },
      { agentId: 'gone', name: 'Old', status: 'cancelled', count: 1 },
    ]);
  });

  it('counts in the ready records without an identifier, and those of an agent whose status is not known', () => {
    const page = snap([action('a1', 'nobody'), action('a2')], { unidentified: [[{ label: 'Name', value: 'Ana' }], []] });
    expect(readyCount(page, null, AGENTS, [], 0)).toEqual({ ready: 4, more: false, waiting: [] });
    // Before the account is read, no agent is known to wait.
    expect(readyCount(snap([action('a1', 'off')]), null, undefined, [], 0).ready).toBe(1);
  });

  it('leaves out an invitation marked and not yet delivered (held for undo or queued)', () => {
    const page = snap([action('a1', 'on'), action('a2', 'off'), action('a3', 'on')]);
    const marks = [entry(1), { ...entry(2), holdUntil: 5_000 }];
    expect(readyCount(page, null, AGENTS, marks, 1_000)).toEqual({ ready: 1, more: false, waiting: [] });
  });

  it('adds those read beyond a full page, and says "or more" only while nothing tells how many', () => {
    const page = snap([action('a1'), action('a2')], { full: true });
    expect(readyCount(page, null, AGENTS, [], 0)).toMatchObject({ ready: 2, more: true });
    const beyond = snap([action('a2'), action('a3')]);
    expect(readyCount(page, beyond, AGENTS, [], 0)).toMatchObject({ ready: 3, more: false });
    expect(readyCount(page, { ...beyond, full: true }, AGENTS, [], 0)).toMatchObject({ ready: 3, more: true });
    // Read for another agent filter: not these.
    expect(readyCount(page, { ...beyond, agentFilter: 'on' }, AGENTS, [], 0)).toMatchObject({ ready: 2, more: true });
  });

  it('says the count and each waiting agent in words, and the badge text as a number', () => {
    const count = readyCount(snap([action('a1', 'on'), action('a2', 'off'), action('a3', 'off')]), null, AGENTS, [], 0);
    expect(readyWords(count, t)).toEqual(['popup.count:1', 'deskFlow.waiting.paused:2,Salons Lyon']);
    expect(readyBadgeText(count)).toBe('1');
    expect(readyWords({ ready: 25, more: true, waiting: [] }, t)).toEqual(['popup.countFull:25']);
    expect(readyBadgeText({ ready: 25, more: true, waiting: [] })).toBe('25+');
    expect(readyBadgeText({ ready: 0, more: false, waiting: count.waiting })).toBe('');
  });
});
