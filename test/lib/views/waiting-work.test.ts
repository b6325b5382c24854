import { describe, expect, it } from 'vitest';
import { UnreadableError } from '../../../lib/api/body/unreadable';
import { waitingCount } from '../../../lib/views/waiting-count';
import { WAITING_PAGE, waitingStale } from '../../../lib/views/waiting-work';

const records = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `x_${i}` }));

describe('waiting count of a to-validate list', () => {
  it('says the total the service gives, though the page holds fewer', () => {
    expect(waitingCount({ success: true, data: records(100), meta: { total: 137, per_page: 100 } }, 'emails')).toEqual({ count: 137, more: false });
    expect(waitingCount({ letters: records(2), pagination: { total_count: 2 } }, 'letters')).toEqual({ count: 2, more: false });
  });

  it('counts what a page holds without a total, and says "more" when the page is full', () => {
    expect(waitingCount({ data: records(WAITING_PAGE) }, 'letters')).toEqual({ count: WAITING_PAGE, more: true });
    expect(waitingCount({ data: records(7) }, 'letters')).toEqual({ count: 7, more: false });
  });

  it('believes the service when it says there are more, even on a short page', () => {
    expect(waitingCount({ data: records(40), meta: { has_more: true } }, 'emails')).toEqual({ count: 40, more: true });
  });

  it('finds the list under the names each kind uses', () => {
    expect(waitingCount({ data: { leads: records(3) } }, 'emails')).toEqual({ count: 3, more: false });
    expect(waitingCount({ to_validate: records(4) }, 'letters')).toEqual({ count: 4, more: false });
    expect(waitingCount(records(5), 'emails')).toEqual({ count: 5, more: false });
  });

  it('says nothing waits on an empty page, whatever the metadata', () => {
    expect(waitingCount({ data: [], meta: { has_more: true } }, 'emails')).toEqual({ count: 0, more: false });
  });

  it("counts the first page's records by agent, wherever the agent is named, for the Overview's agents", () => {
    const body = {
      data: [{ id: 'e1', agent_id: 'ag_a' }, { id: 'e2', agent: { id: 'ag_a', name: 'Growth' } }, { id: 'e3', attributes: { agent_id: 'ag_b' } }, { id: 'e4' }],
      meta: { total: 9 },
    };
    expect(waitingCount(body, 'emails')).toEqual({ count: 9, more: false, byAgent: { ag_a: 2, ag_b: 1 } });
  });

  it('counts agents whose ids are names objects inherit like any other', () => {
    const body = { data: ['__proto__', 'constructor', 'constructor'].map((agent_id, i) => ({ id: `e${i}`, agent_id })) };
    const byAgent = waitingCount(body, 'emails').byAgent!;
    expect(Object.entries(byAgent)).toEqual([
      ['__proto__', 1],
      ['constructor', 2],
    ]);
  });

  it('keeps at most 50 agents of a page', () => {
    const body = { data: Array.from({ length: 80 }, (_, i) => ({ id: `e${i}`, agent_id: `ag_${i}` })) };
    expect(Object.keys(waitingCount(body, 'letters').byAgent ?? {})).toHaveLength(50);
  });

  it('refuses an answer without a list', () => {
    expect(() => waitingCount({ success: true, message: 'ok' }, 'emails')).toThrow(UnreadableError);
    expect(() => waitingCount('nothing', 'letters')).toThrow(UnreadableError);
  });
});

describe('when the waiting counts are read again', () => {
  const MIN = 60_000;
  it('reads them when never read, after 10 minutes, or when the clock went back', () => {
    const w = { emails: null, letters: null, fetchedAt: 100 * MIN };
    expect(waitingStale(null, 0)).toBe(true);
    expect(waitingStale(w, 109 * MIN)).toBe(false);
    expect(waitingStale(w, 110 * MIN)).toBe(true);
    expect(waitingStale(w, 99 * MIN)).toBe(true);
  });
});
