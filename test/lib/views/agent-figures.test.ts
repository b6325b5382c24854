import { describe, expect, it } from 'vitest';
import { agentFigures, countScale, periodDays } from '../../../lib/views/agent-figures';

describe("an agent's statistics in words", () => {
  it('names the figures it knows whatever their separators or nesting, and keeps the others readable', () => {
    const figures = agentFigures({ contacts_added: 22, 'emails.sent': 5, received: 7, 'letters.qr_scanned': 1, custom_thing: 3 });
    expect(figures.map((f) => f.key)).toEqual([
      'agents.figure.contactsAdded',
      'agents.figure.emailsSent',
      'agents.figure.emailsReceived',
      'agents.figure.qrScanned',
      null,
    ]);
    expect(figures.at(-1)?.label).toBe('custom thing');
  });

  it('tells a rate from a count, and leaves rates off the scale of the bars', () => {
    const figures = agentFigures({ emails_sent: 5, reply_rate: 140, 'emails.open_ratio': 0.4, contacts_added: 22 });
    expect(figures.filter((f) => f.rate).map((f) => f.path)).toEqual(['reply_rate', 'emails.open_ratio']);
    expect(countScale(figures)).toBe(22);
    expect(countScale(agentFigures({ reply_rate: 50 }))).toBe(1);
  });

  it('reads a period of days as a number and leaves other forms alone', () => {
    expect(periodDays('30d')).toBe(30);
    expect(periodDays(' 365D ')).toBe(365);
    expect(periodDays('last_month')).toBeNull();
    expect(periodDays(undefined)).toBeNull();
  });
});
