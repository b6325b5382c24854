// The desk's words for a withdrawal: one plain sentence for every way the `withdraw` message can
// answer and every step under way, in English and French.
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { withdrawStepText, withdrawText } from '../../../components/shared/withdraw-text';
import type { WithdrawReply } from '../../../lib/background/sent-invitations';
import type { NotSureWhy, WithdrawStep } from '../../../lib/sent-invitations/in-tab/withdraw';
import { getMessageFrom, loadMessages } from '../../helpers/messages';

// Every reason the tab's script or the background gives (the compiler checks this list is whole).
const WHYS = {
  'not-sent-page': 1,
  'no-row': 1,
  'two-rows': 1,
  'row-not-sure': 1,
  'other-dialog': 1,
  'dialog-not-sure': 1,
  'no-dialog': 1,
  'not-confirmed-by-person': 1,
  'still-listed': 1,
  'outcome-not-sure': 1,
  'no-answer': 1,
  'page-left': 1,
} satisfies Record<NotSureWhy, 1>;
const STEPS = { finding: 1, 'press-withdraw': 1, confirm: 1 } satisfies Record<WithdrawStep, 1>;

const replies: WithdrawReply[] = [
  { state: 'withdrawn', at: 1, evidence: [] },
  { state: 'cancelled', at: 1, evidence: [] },
  { state: 'wait', until: Date.UTC(2026, 10, 20, 9, 41, 30) },
  { state: 'busy', slug: 'jane' },
  { state: 'not-sent-page' },
  { state: 'not-ours' },
  ...(Object.keys(WHYS) as NotSureWhy[]).map((why): WithdrawReply => ({ state: 'not-sure', why, at: 1, evidence: [] })),
];

describe('the words of a withdrawal', () => {
  for (const lang of ['en', 'fr'] as const)
    it(`${lang}: a sentence of its own for every answer and every step`, () => {
      fakeBrowser.i18n.getMessage = getMessageFrom(loadMessages(lang)) as typeof fakeBrowser.i18n.getMessage;
      const texts = replies.map(withdrawText);
      expect(texts.filter((s) => s.trim() === '')).toEqual([]);
      expect(new Set(texts).size).toBe(texts.length);
      const steps = (Object.keys(STEPS) as WithdrawStep[]).map((s) => withdrawStepText(s, 'Jane Doe'));
      expect(steps.every((s) => s.includes('Jane Doe'))).toBe(true);
    });

  it('says until when the next withdrawal waits, as a time of day', () => {
    const text = withdrawText({ state: 'wait', until: Date.UTC(2026, 10, 20, 9, 41, 30) });
    expect(text).toContain(
      new Date(Date.UTC(2026, 10, 20, 9, 41, 30)).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
    );
  });

  it('says that time in the UI language, not the system’s: in French, 24-hour', () => {
    fakeBrowser.i18n.getMessage = getMessageFrom(loadMessages('fr')) as typeof fakeBrowser.i18n.getMessage;
    fakeBrowser.i18n.getUILanguage = () => 'fr';
    const at = new Date(2026, 10, 20, 21, 41, 30).getTime();
    expect(withdrawText({ state: 'wait', until: at })).toContain('21:41:30');
  });
});
