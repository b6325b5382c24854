// What the faces of the assisted send (the panel, the desk) offer at each moment: one table, so both
// offer the same steps (the panel's rendering of it is checked in test/components/panel/panel.test.tsx).
import { describe, expect, it } from 'vitest';
import { OFFER_WORDS, offersOf, wordsOf } from '../../../../lib/page/assist/offers';
import type { AssistFlags, AssistSnapshot } from '../../../../lib/page/assist/session';

const FLAGS: AssistFlags = { autoSend: false, letMeClick: false, overCap: false, paused: false, agentBlocked: null, hasNext: true };
const at = (state: AssistSnapshot['state'], phase: AssistSnapshot['phase'], flags: Partial<AssistFlags> = {}) => ({
  state,
  phase,
  flags: { ...FLAGS, ...flags },
});

describe('what the assisted send offers', () => {
  it('Prepare where the page offers Connect, unless paused, the agent stopped, or past the cap before the person chose to', () => {
    expect(offersOf(at('connect', { name: 'idle' }), false)).toEqual({
      ending: undefined,
      done: false,
      note: true,
      notice: undefined,
      rows: [['prepare']],
      reason: undefined,
    });
    expect(offersOf(at('connect-in-more', { name: 'idle' }, { overCap: true }), false).rows).toEqual([['overCap']]);
    expect(offersOf(at('connect-in-more', { name: 'idle' }, { overCap: true }), true).rows).toEqual([['prepare']]);
    expect(offersOf(at('connect', { name: 'idle' }, { paused: true }), false).rows).toEqual([]);
    expect(offersOf(at('connect', { name: 'idle' }, { agentBlocked: 'cancelled' }), false).rows).toEqual([]);
  });

  it('what the page shows alone ends it: Mark sent on Pending, Mark failed with its reason elsewhere, and no note', () => {
    expect(offersOf(at('pending', { name: 'idle' }), false)).toMatchObject({
      ending: 'pending',
      note: false,
      notice: 'ending.pending',
      rows: [['markSent', 'later']],
      reason: undefined,
    });
    expect(offersOf(at('own-profile', { name: 'idle' }), false)).toMatchObject({ rows: [['markFailed', 'later']], reason: 'not_relevant' });
  });

  it('already connected or follow only: first the mark that records it with the page’s reason, Later second, then another reason', () => {
    expect(offersOf(at('connected', { name: 'idle' }), false)).toMatchObject({
      rows: [['markShown', 'later'], ['otherReason']],
      reason: 'already_connected',
    });
    const ended = at('connect-in-more', { name: 'ended', ending: 'follow-only', stateBefore: 'connect-in-more' } as AssistSnapshot['phase']);
    expect(offersOf(ended, false)).toMatchObject({ rows: [['markShown', 'later'], ['otherReason']], reason: 'profile_unavailable' });
    expect(OFFER_WORDS.markShown[1]).toBe(true);
    expect(wordsOf('markShown', 'already_connected')).toEqual({ key: 'panel.markShown', subs: ['fail.reasons.already_connected'] });
    expect(wordsOf('later', 'already_connected')).toEqual({ key: 'panel.laterButton', subs: [] });
  });

  it('the steps as they happen: guided, which button to press; then Send (Send now only with auto-send, never guided)', () => {
    expect(offersOf(at('connect-in-more', { name: 'preparing', step: 'more' }, { letMeClick: true }), false)).toMatchObject({
      notice: 'guide.more',
      rows: [['later']],
    });
    expect(offersOf(at('connect', { name: 'preparing' }), false)).toMatchObject({ notice: 'preparing', rows: [] });
    const waiting = { name: 'await-send', withNote: true, stateBefore: 'connect' } as const;
    expect(offersOf(at('connect', waiting), false)).toMatchObject({ notice: 'pressSend', rows: [] });
    expect(offersOf(at('connect', waiting, { autoSend: true }), false)).toMatchObject({ notice: 'confirmSend', rows: [['sendNow']] });
    expect(offersOf(at('connect', waiting, { autoSend: true, letMeClick: true }), false)).toMatchObject({ notice: 'pressSendGuided', rows: [] });
  });

  it('endings of an attempt: the person says what happened, a dialog for someone else is tried again, a note too long is edited or left out', () => {
    const ended = (ending: string) => at('connect', { name: 'ended', ending, stateBefore: 'connect' } as AssistSnapshot['phase']);
    expect(offersOf(ended('not-sure'), false)).toMatchObject({ rows: [['markSent', 'markFailed', 'later']], reason: 'other' });
    expect(offersOf(ended('foreign-dialog'), false).rows).toEqual([['prepare', 'later']]);
    expect(offersOf(ended('note-quota-reached'), false).rows).toEqual([['editNote', 'sendWithoutNote', 'later']]);
    expect(offersOf(at('connect', { name: 'too-long', limit: 200 }), false).rows).toEqual([['editNote', 'sendWithoutNote', 'later']]);
  });

  it('once marked or left: done, no note, the outcome said', () => {
    expect(offersOf(at('connect', { name: 'marked', outcome: 'sent', queued: false }), false)).toMatchObject({
      done: true,
      note: false,
      notice: 'markedSent',
      rows: [],
    });
    expect(offersOf(at('connect', { name: 'marked', outcome: 'sent', queued: true, forAgent: true }), false).notice).toBe('markForAgent');
    expect(offersOf(at('connect', { name: 'later' }), false)).toMatchObject({ done: true, notice: 'later' });
  });
});
