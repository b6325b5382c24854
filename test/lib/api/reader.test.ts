import { describe, expect, it } from 'vitest';
import {
  ACTION_LINES,
  readAccount,
  readAction,
  readActionList,
  readMarkOf,
  readSuccess,
  readValidation,
  readWeeklyStats,
  UnreadableError,
} from '../../../lib/api/reader';

const spec = { id: 'na_1', status: 'ready', message: 'Hi', agent_id: 'ag_1', network_url: 'https://www.linkedin.com/in/jo' };

describe('list envelopes', () => {
  it.each([
    ['a bare array', [spec]],
    ['data', { success: true, data: [spec] }],
    ['actions', { success: true, actions: [spec] }],
    ['items', { items: [spec] }],
    ['results', { results: [spec] }],
    ['data.actions (nested one level)', { success: true, data: { actions: [spec], total: 1 } }],
    ['data.items (nested one level)', { data: { items: [spec] } }],
  ])('finds the list in %s', (_, body) => {
    expect(readActionList(body).actions.map((a) => a.id)).toEqual(['na_1']);
  });

  it('fails clearly when no list is found', () => {
    expect(() => readActionList({ success: true, data: { count: 3 } })).toThrow(UnreadableError);
    expect(() => readActionList('text')).toThrow(/not JSON/);
  });

  it('skips records without an identifier and counts them', () => {
    expect(readActionList([spec, { status: 'ready' }, 'junk'])).toMatchObject({ skipped: 2, actions: [{ id: 'na_1' }] });
  });
});

describe('action fields', () => {
  it('reads the spec names', () => {
    expect(readAction(spec)).toEqual({
      id: 'na_1',
      status: 'ready',
      message: 'Hi',
      agentId: 'ag_1',
      prospect: { profileUrl: 'https://www.linkedin.com/in/jo' },
    });
  });

  it('reads the network-named spelling linkedin_url', () => {
    expect(readAction({ id: 2, linkedin_url: 'https://www.linkedin.com/in/x' })?.prospect.profileUrl).toBe('https://www.linkedin.com/in/x');
    expect(readAction({ id: 2 })?.id).toBe('2');
  });

  it.each(['lead', 'contact', 'prospect'])('reads the prospect nested in %s', (key) => {
    const action = readAction({
      id: 'a',
      [key]: { firstname: 'Jo', lastname: 'Doe', job: 'CTO', company: { name: 'Acme' }, linkedin_url: 'https://www.linkedin.com/in/jo' },
    });
    expect(action?.prospect).toEqual({ name: 'Jo Doe', headline: 'CTO', company: 'Acme', profileUrl: 'https://www.linkedin.com/in/jo' });
  });

  it("reads a person given at the top level of the record, as the spec's webhook payloads give it", () => {
    const action = readAction({
      id: 'a',
      firstname: 'Léa',
      lastname: 'Martin',
      job: 'Head of Sales',
      company: 'Acme',
      network_url: 'https://www.linkedin.com/in/lea',
    });
    expect(action?.prospect).toEqual({ name: 'Léa Martin', headline: 'Head of Sales', company: 'Acme', profileUrl: 'https://www.linkedin.com/in/lea' });
    expect(
      readActionList({ data: [{ id: 'b', first_name: 'Jo', last_name: 'Doe', network_url: 'https://www.linkedin.com/in/jo' }] }).actions[0]?.prospect.name,
    ).toBe('Jo Doe');
  });

  it("never takes the action's own name for the person's", () => {
    expect(readAction({ id: 'a', name: 'Invitation campaign Q3', network_url: 'https://www.linkedin.com/in/x' })?.prospect.name).toBeUndefined();
  });

  it('prefers a full name and reads the agent from a nested object', () => {
    const action = readAction({ id: 'a', contact: { full_name: 'Ann Lee', first_name: 'A' }, campaign: { id: 'c1', name: 'Camp' } });
    expect(action).toMatchObject({ prospect: { name: 'Ann Lee' }, agentId: 'c1', agentName: 'Camp' });
  });

  it('treats an empty message as no note', () => {
    expect(readAction({ id: 'a', message: '' })?.message).toBeNull();
    expect(readAction({ id: 'a', note: 'Salut' })?.message).toBe('Salut');
  });
});

describe("what the rules could not place in an action (issue 37: the queue's labelled lines)", () => {
  it('keeps a note under a key the rules do not know as a labelled line', () => {
    const action = readAction({ ...spec, message: null, ai_invitation_text: 'Bonjour Jo, ravi de vous lire.' });
    expect(action?.message).toBeNull();
    expect(action?.extra).toEqual([{ label: 'AI invitation text', value: 'Bonjour Jo, ravi de vous lire.' }]);
  });

  it("keeps the prospect's members the rules do not place, labelled by their path", () => {
    const action = readAction({ id: 'a', contact: { firstname: 'Jo', lastname: 'Doe', network_url: 'https://www.linkedin.com/in/jo', city: 'Lyon' } });
    expect(action?.prospect.name).toBe('Jo Doe');
    expect(action?.extra).toEqual([{ label: 'Contact · City', value: 'Lyon' }]);
  });

  it('repeats nothing placed: a record the rules place whole has no lines', () => {
    expect(readAction(spec)).not.toHaveProperty('extra');
    const wrapped = {
      id: 'na_2',
      type: 'actions',
      attributes: { status: 'ready', note: 'Hi Jo', created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z' },
    };
    expect(readActionList({ data: [wrapped] }).actions[0]).toMatchObject({ status: 'ready', message: 'Hi Jo' });
    expect(readActionList({ data: [wrapped] }).actions[0]).not.toHaveProperty('extra');
    const nested = { id: 'a', agent: { id: 'ag', name: 'Sales' }, lead: { firstname: 'Jo', lastname: 'Doe', job: 'CTO', company: { name: 'Acme' } } };
    expect(readAction(nested)).not.toHaveProperty('extra');
  });

  it('keeps at most 5 lines an action, each label cut at 100 characters and each value at 300, a cut one ending in "…"', () => {
    const many = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`field_${i}`, `value ${i}`]));
    expect(readAction({ id: 'a', ...many })?.extra?.map((l) => l.value)).toEqual(['value 0', 'value 1', 'value 2', 'value 3', 'value 4']);
    expect(ACTION_LINES).toEqual({ lines: 5, label: 100, value: 300 });

    const long = readAction({ id: 'a', more: { ['k'.repeat(99)]: 'v'.repeat(1000) }, short: 'y'.repeat(300) })?.extra;
    expect(long?.[0]?.label).toHaveLength(100);
    expect(long?.[0]?.label.endsWith('…')).toBe(true);
    expect(long?.[0]?.value).toBe(`${'v'.repeat(299)}…`);
    expect(long?.[1]).toEqual({ label: 'Short', value: 'y'.repeat(300) });
  });
});

describe('success indicator', () => {
  it.each([
    [{ success: true }, true],
    [{ success: false }, false],
    [{ ok: false }, false],
    [{ status: 'success' }, true],
    [{ status: 'error' }, false],
    [{ status: 'failed', id: 'x' }, undefined],
    [[1], undefined],
  ])('reads %j as %s', (body, expected) => {
    expect(readSuccess(body)).toBe(expected);
  });
});

describe('validation bodies', () => {
  it('reads the spec fields, joining message arrays', () => {
    expect(readValidation({ validation_errors: { message: ['Too long', 'Really'] }, missing_fields: ['x'], invalid_fields: ['message'] })).toEqual({
      validationErrors: { message: 'Too long Really' },
      missingFields: ['x'],
      invalidFields: ['message'],
    });
  });
});

describe('validation bodies, bounded (they are kept in the refused-writes list)', () => {
  it('keeps at most 50 fields of at most 100 characters, messages of at most 500, and reads any key spelling', () => {
    const many = Array.from({ length: 80 }, (_, i) => `field_${i}_`.padEnd(100, 'x'));
    const read = readValidation({
      ValidationErrors: Object.fromEntries(many.map((f) => [f, 'y'.repeat(2000)])),
      missingFields: many,
      INVALID_FIELDS: ['custom_offre'],
    });
    expect(Object.keys(read.validationErrors)).toHaveLength(50);
    expect(Object.keys(read.validationErrors).every((f) => f.length === 100)).toBe(true);
    expect(Object.values(read.validationErrors).every((m) => m.length === 500)).toBe(true);
    expect(read.missingFields).toHaveLength(50);
    expect(read.invalidFields).toEqual(['custom_offre']);
  });

  it('keeps the field names of validation_errors as the service wrote them', () => {
    expect(readValidation({ validation_errors: { custom_offre: 'Required', 'blocks.0.id': 'Unknown' } }).validationErrors).toEqual({
      custom_offre: 'Required',
      'blocks.0.id': 'Unknown',
    });
  });
});

describe('account', () => {
  it('reads user and agents under data', () => {
    const account = readAccount({
      success: true,
      data: { user: { id: 1, name: 'Alex' }, agents: [{ id: 'a', status: 'active', is_active: true, internal_note: 'N' }, { id: 'b' }] },
    });
    expect(account).toEqual({
      user: { id: '1', name: 'Alex' },
      agents: [{ id: 'a', status: 'active', isActive: true, internalNote: 'N' }],
      // Without a status it is no agent the extension can show as one: counted, never silently dropped.
      unreadAgents: 1,
    });
  });

  it('reads top-level agents named campaigns and derives is_active from status', () => {
    const account = readAccount({ user: { email: 'a@b.c' }, campaigns: [{ hashed_id: 'h', status: 'paused', title: 'T' }] });
    expect(account.agents).toEqual([{ id: 'h', name: 'T', status: 'paused', isActive: false, internalNote: null }]);
  });

  it("reads an agent's billing plan when the answer states it", () => {
    const account = readAccount({
      agents: [
        { id: 'p', status: 'active', billing: 'performance' },
        { id: 's', status: 'active', plan: 'subscription' },
        { id: 'u', status: 'active' },
      ],
    });
    expect(account.agents.map((a) => a.plan)).toEqual(['performance', 'subscription', undefined]);
  });

  it('fails clearly on a body with neither user nor agents', () => {
    expect(() => readAccount({ success: true })).toThrow(UnreadableError);
  });
});

describe('weekly statistics', () => {
  it('reads days, agents and totals', () => {
    const stats = readWeeklyStats({
      success: true,
      data: {
        total_sent: 3,
        accepted: 1,
        by_day: [
          { date: '2026-11-20', sent: 2 },
          { date: '2026-11-21', count: 1 },
        ],
        by_agent: [{ agent_id: 'a', name: 'A', sent: 3 }],
      },
    });
    expect(stats).toEqual({
      total: 3,
      days: [
        { date: '2026-11-20', sent: 2 },
        { date: '2026-11-21', sent: 1 },
      ],
      agents: [{ id: 'a', name: 'A', sent: 3 }],
      figures: { total_sent: 3, accepted: 1 },
    });
  });

  it('sums the days when no total is given', () => {
    expect(
      readWeeklyStats({
        days: [
          { day: 'Mon', invitations_sent: 4 },
          { day: 'Tue', sent: '2' },
        ],
      }).total,
    ).toBe(6);
  });

  it('reads the total inside a resource wrapper (JSON:API attributes), not the sum of days that may cover less', () => {
    const stats = readWeeklyStats({
      data: {
        type: 'weeklyStats',
        id: 'last-7-days',
        attributes: { periodDays: 7, totalSent: 6, byDay: [{ date: '2026-11-23', sent: 5 }], byAgent: [{ agentId: 'a', name: 'A', sent: 6 }] },
      },
    });
    expect(stats.total).toBe(6);
    expect(stats.days).toEqual([{ date: '2026-11-23', sent: 5 }]);
  });

  it('fails clearly when nothing countable is found', () => {
    expect(() => readWeeklyStats({ data: { note: 'x' } })).toThrow(UnreadableError);
  });
});

describe('when and from where a list says an action was marked (readMarkOf)', () => {
  const list = (...data: unknown[]) => ({ success: true, data });
  it('reads the mark’s metadata first, else the record’s own time; a known browser only; nothing for an action not listed', () => {
    const body = list(
      {
        id: 'na_1',
        status: 'sent',
        sent_at: '2026-12-02T09:00:00Z',
        metadata: { browser: 'firefox', marked_at: '2026-12-02T09:31:00Z' },
        prospect: { name: 'A' },
      },
      { id: 'na_2', status: 'failed', failed_at: 1764667860, metadata: { browser: '<img src=x>' }, prospect: { name: 'B' } },
      { id: 'na_3', status: 'sent', prospect: { name: 'C' } },
    );
    expect(readMarkOf(body, 'na_1')).toEqual({ at: '2026-12-02T09:31:00.000Z', browser: 'Firefox' });
    expect(readMarkOf(body, 'na_2')).toEqual({ at: new Date(1764667860 * 1000).toISOString() });
    expect(readMarkOf(body, 'na_3')).toEqual({});
    expect(readMarkOf(body, 'na_4')).toBeUndefined();
  });
});
