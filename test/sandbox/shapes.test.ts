import { describe, expect, it } from 'vitest';
import { readContactList } from '../../lib/api/readers/contacts';
import { readEmailsToHandle, readEmailsToValidate } from '../../lib/api/readers/emails';
import { readLetterList } from '../../lib/api/readers/letters';
import { readCalendarEvents } from '../../lib/api/readers/meetings';
import { A0, clocked, type Json } from './helpers';
import { RESPONSE_SHAPES } from './shapes';

/** What the views show of each answer, read with the extension's own readers. */
function shown(call: ReturnType<typeof clocked>['call']) {
  const toValidate = readEmailsToValidate(call('GET', '/api/api/emails/to-validate').json).emails;
  return {
    toValidate: toValidate.map((e) => ({ leadId: e.leadId, name: e.contactName, company: e.company, email: e.email, steps: e.steps.map((s) => s.body) })),
    firstSubject: toValidate.map((e) => e.steps[0]?.subject),
    toHandle: readEmailsToHandle(call('GET', '/api/api/emails/to-handle').json).emails.map((e) => [e.contactName, e.company]),
    letters: readLetterList(call('GET', '/api/api/letters/to-validate').json).letters.map((l) => [l.contactName, l.company]),
    contacts: readContactList(call('GET', '/api/api/contacts?per_page=100').json).contacts.map((c) => [c.name, c.company, c.headline, c.coordinates]),
    meetings: readCalendarEvents(call('GET', `/api/api/agents/${A0}/calendar-events`).json).meetings.map((m) => [
      m.contactName,
      m.email,
      Date.parse(m.startsAt ?? ''),
      Date.parse(m.endsAt ?? ''),
    ]),
  };
}

describe('sandbox response shapes', () => {
  it.each(RESPONSE_SHAPES)('answers in the %s shape what the readers show as in its own', (shape) => {
    const { sb, call } = clocked();
    const own = shown(call);
    sb.faults = { shape };
    const raw = call('GET', '/api/api/emails/to-validate').json.data as Json[];
    expect(raw[0]).not.toHaveProperty('firstname');
    expect(shown(call)).toEqual(own);
    expect(own.toValidate.some((e) => e.steps.length >= 2)).toBe(true);
    expect(own.meetings.every(([, , start, end]) => Number.isFinite(start) && Number.isFinite(end))).toBe(true);
  });

  it('lists a nested sequence last step first, so the order comes from position', () => {
    const { sb, call } = clocked();
    sb.faults = { shape: 'nested' };
    const seq = (call('GET', '/api/api/emails/to-validate').json.data as Json[])[0]!.sequence as Json[];
    expect(seq.map((s) => s.position)).toEqual([...seq.map((s) => s.position)].sort().reverse());
  });

  it('accepts custom_messages named by position for steps given without keys', () => {
    const { sb, call } = clocked();
    sb.faults = { shape: 'follow-ups' };
    const lead = readEmailsToValidate(call('GET', '/api/api/emails/to-validate').json).emails.find((e) => e.steps.length >= 2 && e.agentId === A0)!;
    const res = call('POST', `/api/api/emails/validate/${lead.leadId}`, { custom_messages: { '1': 'Un', '2': 'Deux' } });
    expect(res.status).toBe(200);
    expect(Object.values(res.json.data.messages as Json).slice(0, 2)).toEqual(['Un', 'Deux']);
  });
});
