import { describe, expect, it } from 'vitest';
import { Sandbox, type SandboxRequest } from './app';
import { DEMO_KEY, OTHER_KEY } from './seed';

function req(method: string, url: string, body?: unknown, key: string | null = DEMO_KEY): SandboxRequest {
  return {
    method,
    url,
    headers: key ? { authorization: `Bearer ${key}` } : {},
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

/** The answer's body, typed as the assertion that reads it expects (the assertion checks it). */
function json<T = Record<string, unknown>>(res: { body: string }): T {
  return JSON.parse(res.body) as T;
}

type Listed = { data: { id: string }[] };
type Said = { message: string };
type Weekly = { data: { by_day: { sent: number }[]; total_sent: number } };
type Me = { data: { agents: { status: string; is_active: boolean }[] } };

function readyIds(sb: Sandbox, query = '') {
  return json<Listed>(sb.handle(req('GET', `/api/network/actions${query}`))).data.map((a) => a.id);
}

describe('sandbox authentication', () => {
  it('accepts the Bearer header and the api_key query parameter', () => {
    const sb = new Sandbox();
    expect(sb.handle(req('GET', '/api/api/me')).status).toBe(200);
    expect(sb.handle(req('GET', `/api/api/me?api_key=${DEMO_KEY}`, undefined, null)).status).toBe(200);
  });

  it('answers 401 with an error message without a valid key', () => {
    const sb = new Sandbox();
    for (const r of [req('GET', '/api/api/me', undefined, null), req('GET', '/api/network/actions', undefined, 'wrong')]) {
      const res = sb.handle(r);
      expect(res.status).toBe(401);
      expect(json(res)).toMatchObject({ success: false, message: expect.any(String) });
    }
  });

  it('keeps accounts apart', () => {
    const sb = new Sandbox();
    const other = json<Listed>(sb.handle(req('GET', '/api/network/actions', undefined, OTHER_KEY))).data;
    expect(other.every((a) => a.id.startsWith('na_other'))).toBe(true);
  });
});

describe('sandbox network actions', () => {
  it('lists ready actions by default, 25 at most, with a limit from 1 to 100', () => {
    const sb = new Sandbox();
    const ids = readyIds(sb);
    expect(ids.length).toBeGreaterThan(5);
    expect(ids.length).toBeLessThanOrEqual(25);
    expect(readyIds(sb, '?limit=2')).toHaveLength(2);
    expect(sb.handle(req('GET', '/api/network/actions?limit=0')).status).toBe(422);
    expect(sb.handle(req('GET', '/api/network/actions?limit=101')).status).toBe(422);
    expect(sb.handle(req('GET', '/api/network/actions?status=nope')).status).toBe(422);
    expect(readyIds(sb, '?status=sent&limit=100').length).toBeGreaterThan(3);
  });

  it('filters by agent_filter, with campaign_filter as its alias and agent_filter winning', () => {
    const sb = new Sandbox();
    const agents = sb.accounts.get(DEMO_KEY)!.agents;
    const a = agents[0]!.id;
    const b = agents[1]!.id;
    const byAgent = readyIds(sb, `?agent_filter=${a}`);
    expect(readyIds(sb, `?campaign_filter=${a}`)).toEqual(byAgent);
    expect(readyIds(sb, `?agent_filter=${a}&campaign_filter=${b}`)).toEqual(byAgent);
    expect(byAgent.every((id) => sb.action(id)!.agent_id === a)).toBe(true);
  });

  it('changes the message only in pending or ready, and refuses more than 200 characters with 422 fields', () => {
    const sb = new Sandbox();
    const [id] = readyIds(sb);
    expect(sb.handle(req('PUT', `/api/network/actions/${id}/message`, { message: 'é'.repeat(200) })).status).toBe(200);
    const long = sb.handle(req('PUT', `/api/network/actions/${id}/message`, { message: 'x'.repeat(201) }));
    expect(long.status).toBe(422);
    expect(json(long)).toMatchObject({ validation_errors: { message: expect.any(String) }, missing_fields: [], invalid_fields: ['message'] });
    expect(sb.handle(req('PUT', `/api/network/actions/${id}/message`, { message: null })).status).toBe(200);
    expect(sb.action(id!)?.message).toBeNull();
    sb.handle(req('POST', `/api/network/actions/${id}/sent`, {}));
    expect(sb.handle(req('PUT', `/api/network/actions/${id}/message`, { message: 'late' })).status).toBe(422);
  });

  it('marks failed only from ready, and sent from any state, storing metadata', () => {
    const sb = new Sandbox();
    const actions = sb.accounts.get(DEMO_KEY)!.actions;
    const pending = actions.find((a) => a.status === 'pending' && a.agent_id !== 'ag_H1cJ5yUoDq')!;
    expect(sb.handle(req('POST', `/api/network/actions/${pending.id}/failed`, {})).status).toBe(422);
    expect(sb.handle(req('POST', `/api/network/actions/${pending.id}/sent`, { metadata: { why: 'x' } })).status).toBe(200);
    expect(pending).toMatchObject({ status: 'sent', metadata: { why: 'x' } });
    const [ready] = readyIds(sb);
    expect(sb.handle(req('POST', `/api/network/actions/${ready}/failed`, { metadata: { reason: 'other' } })).status).toBe(200);
    expect(sb.action(ready!)).toMatchObject({ status: 'failed', metadata: { reason: 'other' } });
    expect(sb.handle(req('POST', `/api/network/actions/${ready}/sent`, { metadata: 'x' })).status).toBe(422);
    expect(sb.handle(req('POST', '/api/network/actions/na_unknown/sent', {})).status).toBe(404);
  });

  it('refuses writes on a paused agent with 403 "Agent paused" and on a cancelled one with "Agent cancelled"', () => {
    const sb = new Sandbox();
    const account = sb.accounts.get(DEMO_KEY)!;
    const paused = account.actions.find((a) => a.agent_id === 'ag_H1cJ5yUoDq' && a.status === 'ready')!;
    const res = sb.handle(req('POST', `/api/network/actions/${paused.id}/sent`, {}));
    expect([res.status, json<Said>(res).message]).toEqual([403, 'Agent paused']);
    account.agents[2]!.status = 'cancelled';
    expect(json<Said>(sb.handle(req('PUT', `/api/network/actions/${paused.id}/message`, { message: 'x' }))).message).toBe('Agent cancelled');
    expect(sb.handle(req('GET', '/api/network/actions?agent_filter=ag_H1cJ5yUoDq')).status).toBe(200);
  });

  it('answers 405 with Allow for another method', () => {
    const res = new Sandbox().handle(req('GET', '/api/network/actions/x/sent'));
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });
});

describe('sandbox weekly statistics and account', () => {
  it.each(['2026-11-29T00:30:00Z', '2026-11-29T01:59:00Z', '2026-11-29T23:59:00Z'])(
    'its days add up to its total at any hour of the day (%s, a send 6 days and 2 hours before)',
    (at) => {
      const sb = new Sandbox({ now: () => Date.parse(at) });
      const week = json<Weekly>(sb.handle(req('GET', '/api/network/weekly-stats'))).data;
      expect(week.total_sent).toBeGreaterThan(0);
      expect(week.total_sent).toBe(week.by_day.reduce((s, d) => s + d.sent, 0));
    },
  );

  it('counts its own sends of the last 7 days, including new ones', () => {
    let now = Date.parse('2026-11-22T12:00:00Z');
    const sb = new Sandbox({ now: () => now });
    const before = json<Weekly>(sb.handle(req('GET', '/api/network/weekly-stats'))).data;
    expect(before.by_day).toHaveLength(7);
    expect(before.total_sent).toBe(before.by_day.reduce((s, d) => s + d.sent, 0));
    const [id] = readyIds(sb);
    sb.handle(req('POST', `/api/network/actions/${id}/sent`, {}));
    expect(json<Weekly>(sb.handle(req('GET', '/api/network/weekly-stats'))).data.total_sent).toBe(before.total_sent + 1);
    now += 8 * 86_400_000;
    expect(json<Weekly>(sb.handle(req('GET', '/api/network/weekly-stats'))).data.total_sent).toBe(0);
  });

  it('returns the user and agents with status, is_active and internal_note', () => {
    const data = json<Me>(new Sandbox().handle(req('GET', '/api/api/me'))).data;
    expect(data.agents).toHaveLength(3);
    expect(data.agents.filter((a) => a.status === 'paused')).toHaveLength(1);
    for (const a of data.agents) expect(a.is_active).toBe(a.status === 'active');
  });

  it('seeds about thirty actions across every status, some notes in French', () => {
    const actions = new Sandbox().accounts.get(DEMO_KEY)!.actions;
    expect(actions.length).toBeGreaterThanOrEqual(28);
    expect(new Set(actions.map((a) => a.status))).toEqual(new Set(['pending', 'generating', 'ready', 'sent', 'failed']));
    expect(actions.some((a) => /Bonjour/.test(a.message ?? ''))).toBe(true);
    expect(actions.every((a) => (a.message ?? '').length <= 200)).toBe(true);
  });
});

describe('sandbox rate limit', () => {
  it('allows 100 requests a minute per key, then 429 with retry-after, with headers on every response', () => {
    let now = 1_000_000;
    const sb = new Sandbox({ now: () => now });
    for (let i = 0; i < 100; i++) {
      const res = sb.handle(req('GET', '/api/network/actions?limit=1'));
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(99 - i));
    }
    const limited = sb.handle(req('GET', '/api/api/me'));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers).toMatchObject({ 'x-ratelimit-limit': '100', 'x-ratelimit-used': '100', 'x-ratelimit-resource': 'core' });
    expect(sb.handle(req('GET', '/api/api/me', undefined, OTHER_KEY)).status).toBe(200);
    now += 60_000;
    expect(sb.handle(req('GET', '/api/api/me')).status).toBe(200);
  });
});

describe('sandbox faults', () => {
  it('can be told over HTTP to answer 429 storms, with or without retry-after', () => {
    const sb = new Sandbox();
    expect(sb.handle({ method: 'POST', url: '/__sandbox/faults', headers: {}, body: JSON.stringify({ rateLimitStorm: {} }) }).status).toBe(200);
    const res = sb.handle(req('GET', '/api/api/me'));
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBeUndefined();
    sb.faults = { rateLimitStorm: { retryAfterSeconds: 9 } };
    expect(sb.handle(req('GET', '/api/api/me')).headers['retry-after']).toBe('9');
  });

  it('pauses an agent and makes it active again over HTTP, refusing what it cannot do', () => {
    const sb = new Sandbox();
    const control = (body: string) => sb.handle({ method: 'POST', url: '/__sandbox/agents', headers: {}, body });
    const active = sb.accounts.get(DEMO_KEY)!.actions.find((a) => a.agent_id === 'ag_7Kq2mX9pLs' && a.status === 'ready')!;
    expect(control(JSON.stringify({ id: 'ag_7Kq2mX9pLs', status: 'paused' })).status).toBe(200);
    const refused = sb.handle(req('POST', `/api/network/actions/${active.id}/sent`, {}));
    expect([refused.status, json(refused).message]).toEqual([403, 'Agent paused']);
    expect(control(JSON.stringify({ id: 'ag_7Kq2mX9pLs', status: 'active' })).status).toBe(200);
    expect(sb.handle(req('POST', `/api/network/actions/${active.id}/sent`, {})).status).toBe(200);
    expect(control(JSON.stringify({ id: 'ag_unknown', status: 'paused' })).status).toBe(422);
    expect(control(JSON.stringify({ id: 'ag_7Kq2mX9pLs', status: 'asleep' })).status).toBe(422);
    expect(control('not json').status).toBe(400);
  });

  it('loses the answers of the next writes after applying them, in-process and over HTTP', async () => {
    const sb = new Sandbox();
    const [first, second] = readyIds(sb);
    sb.faults = { loseAnswers: 1 };
    const headers = { authorization: `Bearer ${DEMO_KEY}` };
    await expect(sb.fetch(`http://sb/api/network/actions/${first}/sent`, { method: 'POST', headers, body: '{}' })).rejects.toThrow('Failed to fetch');
    expect(sb.action(first!)?.status).toBe('sent');
    // Reads are answered; only the next write's answer was to be lost.
    expect((await sb.fetch('http://sb/api/network/actions', { headers })).status).toBe(200);
    expect((await sb.fetch(`http://sb/api/network/actions/${second}/sent`, { method: 'POST', headers, body: '{}' })).status).toBe(200);
    const { startSandbox } = await import('./server');
    const running = await startSandbox({ port: 0 });
    try {
      const [id] = readyIds(running.sandbox);
      running.sandbox.faults = { loseAnswers: 1 };
      await expect(fetch(`${running.url}/api/network/actions/${id}/sent`, { method: 'POST', headers, body: '{}' })).rejects.toThrow();
      expect(running.sandbox.action(id!)?.status).toBe('sent');
    } finally {
      await running.close();
    }
  });

  it('refuses marking failed a non-ready action with 409 when told to, 422 on status by default', () => {
    for (const [conflictStatus, status] of [
      [true, 409],
      [false, 422],
    ] as const) {
      const sb = new Sandbox({ conflictStatus });
      const [id] = readyIds(sb);
      sb.handle(req('POST', `/api/network/actions/${id}/failed`, {}));
      const again = sb.handle(req('POST', `/api/network/actions/${id}/failed`, {}));
      expect(again.status).toBe(status);
      expect(JSON.stringify(json(again))).toMatch(/[Oo]nly (actions in )?ready/);
    }
  });

  it('marks sent from any state as the spec says, keeping the first mark’s time and metadata only when told to be strict (409)', () => {
    for (const strictSent of [false, true]) {
      const sb = new Sandbox({ strictSent, now: () => 1_000 });
      const [id] = readyIds(sb);
      sb.handle(req('POST', `/api/network/actions/${id}/sent`, { metadata: { browser: 'firefox' } }));
      const again = sb.handle(req('POST', `/api/network/actions/${id}/sent`, { metadata: { browser: 'chrome' } }));
      expect(again.status).toBe(strictSent ? 409 : 200);
      if (strictSent) expect(JSON.stringify(json(again))).toMatch(/already marked sent/);
      expect(sb.action(id!)).toMatchObject({ status: 'sent', sent_at: 1_000, metadata: { browser: strictSent ? 'firefox' : 'chrome' } });
    }
  });

  it('can be told over HTTP to reject every key with 401, then to accept the demo key again', () => {
    const sb = new Sandbox();
    expect(sb.handle({ method: 'POST', url: '/__sandbox/faults', headers: {}, body: JSON.stringify({ rejectKeys: true }) }).status).toBe(200);
    const res = sb.handle(req('GET', '/api/network/actions'));
    expect(res.status).toBe(401);
    expect(json(res)).toMatchObject({ success: false, message: expect.any(String) });
    expect(sb.handle(req('GET', '/api/api/me')).status).toBe(401);
    sb.handle({ method: 'POST', url: '/__sandbox/faults', headers: {}, body: '{}' });
    expect(sb.handle(req('GET', '/api/api/me')).status).toBe(200);
  });

  it('answers 5xx at the given rate and spoils bodies on request', () => {
    const sb = new Sandbox();
    sb.faults = { serverErrorRate: 1 };
    expect(sb.handle(req('GET', '/api/api/me')).status).toBe(503);
    sb.faults = { malformed: 'broken-json' };
    expect(() => JSON.parse(sb.handle(req('GET', '/api/api/me')).body)).toThrow();
    sb.faults = { malformed: 'html' };
    expect(sb.handle(req('GET', '/api/api/me')).body).toContain('<html>');
  });

  it('is down when told: the in-process fetch fails and the HTTP server drops connections', async () => {
    const { startSandbox } = await import('./server');
    const running = await startSandbox({ port: 0 });
    try {
      running.sandbox.faults = { down: true };
      await expect(running.sandbox.fetch('http://sb/api/api/me')).rejects.toThrow('Failed to fetch');
      await expect(fetch(`${running.url}/api/api/me`)).rejects.toThrow();
      await fetch(`${running.url}/__sandbox/faults`, { method: 'POST', body: '{}' });
      expect((await fetch(`${running.url}/api/api/me`, { headers: { authorization: `Bearer ${DEMO_KEY}` } })).status).toBe(200);
    } finally {
      await running.close();
    }
  });
});
