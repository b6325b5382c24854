import { describe, expect, it, vi } from 'vitest';
import { applyDeskCommand } from '../../../../lib/page/assist/desk-link';
import type { AssistSession } from '../../../../lib/page/assist/session';

function session() {
  return { markByHand: vi.fn(async () => true), setPhase: vi.fn(), prepare: vi.fn(async () => {}), sendNow: vi.fn() };
}

describe('the desk’s controls, applied to the session in the tab', () => {
  it('does what the panel’s own controls do', () => {
    const s = session();
    const as = s as unknown as AssistSession;
    applyDeskCommand(as, { type: 'offer', offer: 'later' });
    applyDeskCommand(as, { type: 'offer', offer: 'editNote' });
    applyDeskCommand(as, { type: 'offer', offer: 'sendWithoutNote' });
    applyDeskCommand(as, { type: 'offer', offer: 'sendNow' });
    applyDeskCommand(as, { type: 'mark', outcome: 'failed', reason: 'already_connected', text: 'seen on the card' });
    expect(s.setPhase.mock.calls).toEqual([[{ name: 'later' }], [{ name: 'idle' }]]);
    expect(s.prepare).toHaveBeenCalledWith(true);
    expect(s.sendNow).toHaveBeenCalledOnce();
    expect(s.markByHand).toHaveBeenCalledWith('failed', 'already_connected', 'seen on the card');
  });

  it('ignores what it does not know', () => {
    const s = session();
    applyDeskCommand(s as unknown as AssistSession, { type: 'offer', offer: 'prepare' } as never);
    applyDeskCommand(s as unknown as AssistSession, { type: 'something' } as never);
    expect([s.setPhase, s.prepare, s.sendNow, s.markByHand].map((f) => f.mock.calls.length)).toEqual([0, 0, 0, 0]);
  });
});
