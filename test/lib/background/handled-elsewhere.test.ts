// One account, several browsers: a mark or a note refused because the invitation is no longer ready
// (another browser marked it first) reads the invitation again and says what it found, with nothing
// to retry, and the ready list lets the invitation go. On the fake clock.
import { describe, expect, it } from 'vitest';
import type { SandboxAction } from '../../sandbox/state';
import { actionsItem } from '../../../lib/store/storage';
import { outboxView } from '../../../lib/outbox/store';
import { configure, controllerWithSandbox } from '../../helpers/controller';
import { fakeClock } from '../../helpers/fake-clock';

async function ready(options: { conflictStatus?: boolean; strictSent?: boolean } = {}) {
  fakeClock();
  const wired = controllerWithSandbox(options);
  await configure();
  await wired.controller.poll();
  const action = (await actionsItem.getValue())!.actions.find((a) => a.agentId !== 'ag_H1cJ5yUoDq' && a.prospect.name)!;
  const reads = () => wired.sandbox.log.filter((l) => l.route === 'listActions').map((l) => new URLSearchParams(l.query).get('status'));
  const before = reads().length;
  return { ...wired, action, newReads: () => reads().slice(before) };
}

/** Another browser of the same account marks the action first, as the sandbox keeps it. */
function markedElsewhere(action: SandboxAction, status: 'sent' | 'failed', at: number, browser = 'firefox') {
  action.status = status;
  if (status === 'sent') action.sent_at = at;
  else action.failed_at = at;
  action.metadata = { source: 'invitation-assistant-extension', browser, method: 'manual', marked_at: new Date(at).toISOString() };
}

const stillListed = async (id: string) => (await actionsItem.getValue())!.actions.some((a) => a.id === id);

describe('a write refused because the invitation is no longer ready', () => {
  it.each([
    ['422 on status', {}],
    ['409', { conflictStatus: true }],
  ])(
    'a mark failed refused (%s) after another browser marked it sent: read again in the sent list, said with when and from where, closed, and the ready list updated',
    async (_how, options) => {
      const { ask, sandbox, action, newReads, badges } = await ready(options);
      const count = Number(badges.at(-1)!.text);
      const at = Date.now() - 5 * 60_000;
      markedElsewhere(sandbox.action(action.id)!, 'sent', at);
      const reply = await ask({ type: 'markFailed', actionId: action.id, reason: 'other', text: '' });
      expect(reply).toMatchObject({
        ok: false,
        error: { kind: 'handled-elsewhere', found: { state: 'sent', at: new Date(at).toISOString(), browser: 'Firefox', person: action.prospect.name } },
      });
      // One read of the budget: found among those sent.
      expect(newReads()).toEqual(['sent']);
      const [dead] = (await outboxView.getValue()).dead;
      expect(dead).toMatchObject({ actionId: action.id, error: { kind: 'handled-elsewhere' } });
      expect(await stillListed(action.id)).toBe(false);
      // The badge says one fewer at once.
      expect(badges.at(-1)!.text).toBe(String(count - 1));
      // The sandbox kept the first mark, not the refused one.
      expect(sandbox.action(action.id)).toMatchObject({ status: 'sent', sent_at: at, metadata: { browser: 'firefox' } });
    },
  );

  it('a note refused after another browser marked the invitation failed: read again in the sent list, then the failed one', async () => {
    const { ask, sandbox, action, newReads } = await ready();
    const at = Date.now() - 60 * 60_000;
    markedElsewhere(sandbox.action(action.id)!, 'failed', at, 'chrome');
    const reply = await ask({ type: 'saveNote', actionId: action.id, message: 'Bonjour' });
    expect(reply).toMatchObject({
      ok: false,
      error: { kind: 'handled-elsewhere', found: { state: 'failed', at: new Date(at).toISOString(), browser: 'Chrome' } },
    });
    expect(newReads()).toEqual(['sent', 'failed']);
    expect(await stillListed(action.id)).toBe(false);
  });

  it('a mark sent refused 409 by a stricter service, listed neither sent nor failed: said to be no longer ready, nothing more', async () => {
    const { ask, sandbox, action, newReads } = await ready({ strictSent: true });
    sandbox.action(action.id)!.status = 'pending';
    const reply = await ask({ type: 'markSent', actionId: action.id });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'handled-elsewhere', status: 409, found: { state: 'gone', person: action.prospect.name } } });
    expect(newReads()).toEqual(['sent', 'failed']);
    expect(await stillListed(action.id)).toBe(false);
  });

  it('reads nothing again for a refusal that is not about readiness (a cancelled agent): the refusal stays, with Retry, and the invitation stays listed', async () => {
    const { ask, sandbox, action, newReads } = await ready();
    sandbox.accounts
      .values()
      .next()
      .value!.agents.find((a) => a.id === action.agentId)!.status = 'cancelled';
    expect(await ask({ type: 'markFailed', actionId: action.id, reason: 'other', text: '' })).toMatchObject({ ok: false, error: { kind: 'agent-cancelled' } });
    expect(newReads()).toEqual([]);
    expect(await stillListed(action.id)).toBe(true);
  });

  it('keeps the service’s refusal as it is when the invitation cannot be read again now (the service went down)', async () => {
    const { ask, sandbox, action, newReads } = await ready();
    markedElsewhere(sandbox.action(action.id)!, 'sent', Date.now());
    const real = sandbox.fetch.bind(sandbox);
    sandbox.fetch = async (input, init) => {
      if (String(input).includes('status=sent')) throw new TypeError('Failed to fetch');
      return real(input, init);
    };
    expect(await ask({ type: 'markFailed', actionId: action.id, reason: 'other', text: '' })).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(newReads()).toEqual([]);
    expect(await stillListed(action.id)).toBe(true);
  });
});
