// The connection check against the sandbox (issue 37): the background reads each read operation
// once, through the views' share of the budget; the page tells each view readable or not.
import { describe, expect, it } from 'vitest';
import { RequestFailed } from '../../../lib/messaging/ask';
import { asError } from '../../../lib/messaging/request-state';
import { settingsItem } from '../../../lib/store/storage';
import { CHECK_READS } from '../../../lib/api/view-ops';
import { CHECK_ROWS, type CheckState, continueCheck, rowState } from '../../../lib/views/connection-check';
import { configure, contentSender, controllerWithSandbox } from '../../helpers/controller';

type Wired = ReturnType<typeof controllerWithSandbox>;

/** What the options page asks, through the controller as a page's message. */
const askOf = (wired: Wired) => async (name: (typeof CHECK_READS)[number], agentId: string | undefined) => {
  const reply = await wired.ask({ type: 'checkRead', name, ...(agentId ? { agentId } : {}) });
  if (!reply.ok) throw new RequestFailed(reply.error);
  return reply.data;
};

async function check(wired: Wired, state: CheckState = { results: {} }) {
  const seen: CheckState[] = [];
  const end = await continueCheck(state, askOf(wired), asError, (s) => seen.push(s));
  return { end, seen, last: seen.at(-1) ?? state };
}

const rows = (state: CheckState) => Object.fromEntries(CHECK_ROWS.map((r) => [r.id, rowState(r.ops, state.results)]));

describe('the connection check against the sandbox', () => {
  it('reads each read operation once and finds every view and the loop readable in the sandbox’s own shape', async () => {
    const wired = controllerWithSandbox();
    await configure();
    const { end, seen, last } = await check(wired);
    expect(end).toEqual({});
    // Progress: one step an operation, in the table's order.
    expect(seen.map((s) => Object.keys(s.results).length)).toEqual(CHECK_READS.map((_, i) => i + 1));
    expect(wired.fetchSpy).toHaveBeenCalledTimes(CHECK_READS.length);
    expect(Object.values(rows(last)).every((s) => s === 'readable')).toBe(true);
    expect(last.results.listContacts).toMatchObject({ state: 'readable', records: expect.any(Number) });
    // The shape names the keys, never a value of the sandbox's records.
    const shape = (last.results.listContacts as { shape: string }).shape;
    expect(shape).toMatch(/list \(\d+\) of object/);
    expect(shape).not.toMatch(/ld_|@|https?:/);
  });

  it('tells the views not readable when the service answers JSON of another shape', async () => {
    const wired = controllerWithSandbox();
    await configure();
    wired.sandbox.faults = { malformed: 'wrong-shape' };
    const { last } = await check(wired);
    expect(rows(last).contacts).toBe('unreadable');
    expect(last.results.listContacts).toMatchObject({ state: 'unreadable', detail: expect.stringContaining('listContacts') });
  });

  it('refuses the check to a content script, before any request', async () => {
    const wired = controllerWithSandbox();
    await configure();
    const reply = await wired.ask({ type: 'checkRead', name: 'listContacts' }, contentSender('https://www.linkedin.com/in/ann/'));
    expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
    expect(wired.fetchSpy).not.toHaveBeenCalled();
  });

  it('puts the answer’s shape, with the operation, in the detail of an answer the background could not read', async () => {
    const wired = controllerWithSandbox();
    await configure();
    wired.sandbox.faults = { malformed: 'wrong-shape' };
    const reply = await wired.ask({ type: 'verifyKey' });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid-response' } });
    expect(!reply.ok && reply.error.message).toMatch(/\n\nThe answer's shape \(account\):\nobject\n {2}\w+/);
  });

  it('stops when the views’ share of the budget is spent, says how long to wait, and goes on from there', async () => {
    const wired = controllerWithSandbox();
    await configure();
    // 3 a minute: the views may use 2 of them.
    await settingsItem.setValue({ ...(await settingsItem.getValue()), requestCap: 3 });
    const first = await check(wired);
    expect(Object.keys(first.last.results)).toEqual(['account', 'listActions']);
    expect(first.end.waitSeconds).toBeGreaterThan(0);
    expect(rows(first.last).loop).toBe('readable');
    expect(rows(first.last).contacts).toBe('pending');
    await settingsItem.setValue({ ...(await settingsItem.getValue()), requestCap: 100 });
    const rest = await check(wired, first.last);
    expect(rest.end).toEqual({});
    expect(Object.keys(rest.last.results)).toHaveLength(CHECK_READS.length);
    // Nothing read twice.
    expect(wired.fetchSpy).toHaveBeenCalledTimes(CHECK_READS.length);
  });
});
