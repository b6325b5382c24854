import { describe, expect, it } from 'vitest';
import { settleStep, WAIT } from '../../../../lib/page/assist/settle';
import type { AssistSnapshot } from '../../../../lib/page/assist/session';

const flags: AssistSnapshot['flags'] = { autoSend: false, letMeClick: false, overCap: false, paused: false, agentBlocked: null, hasNext: true };
const at = (state: AssistSnapshot['state'], phase: AssistSnapshot['phase'], mark: AssistSnapshot['mark'] = { phase: 'idle' }) => ({
  state,
  phase,
  flags,
  mark,
});

describe('what the assisted send records before its tab is taken elsewhere', () => {
  it('waits while the page confirms the person’s Send or a mark is on its way', () => {
    expect(settleStep(at('connect', { name: 'confirming', withNote: true, stateBefore: 'connect' }))).toBe(WAIT);
    expect(settleStep(at('pending', { name: 'idle' }, { phase: 'busy' }))).toBe(WAIT);
  });

  it('records what the page shows as its focused mark would: connected and follow only failed with their reason, pending sent', () => {
    expect(settleStep(at('connected', { name: 'idle' }))).toEqual({ outcome: 'failed', reason: 'already_connected' });
    expect(settleStep(at('follow-only', { name: 'idle' }))).toEqual({ outcome: 'failed', reason: 'profile_unavailable' });
    expect(settleStep(at('pending', { name: 'idle' }))).toEqual({ outcome: 'sent' });
    expect(settleStep(at('connect', { name: 'ended', ending: 'connected', stateBefore: 'connected' }))).toEqual({
      outcome: 'failed',
      reason: 'already_connected',
    });
  });

  it('records nothing the person did not do or see: a Send not pressed, an invitation still to prepare, one already marked, an ending that is no outcome', () => {
    expect(settleStep(at('connect', { name: 'idle' }))).toBeNull();
    expect(settleStep(at('connect', { name: 'preparing' }))).toBeNull();
    expect(settleStep(at('sent', { name: 'marked', outcome: 'sent', queued: false }, { phase: 'done' }))).toBeNull();
    expect(settleStep(at('connect', { name: 'ended', ending: 'dialog-closed', stateBefore: 'connect' }))).toBeNull();
    expect(settleStep(at('connect', { name: 'ended', ending: 'not-sure', stateBefore: 'connect' }))).toBeNull();
  });
});
