import { describe, expect, it } from 'vitest';
import { readCalendarEvents } from '../../../../lib/api/readers/meetings';

describe('calendar events (operation 22)', () => {
  const visio = {
    id: 'ev_1',
    status: 'success',
    meeting_mode: 'visio',
    meeting_url: 'https://meet.example/abc',
    start_at: '2025-03-04T14:00:00+01:00',
    end_at: '2025-03-04T14:30:00+01:00',
    contact_firstname: 'Léa',
    contact_lastname: 'Roux',
    email: 'lea@acme.fr',
    created_at: '2025-03-01T10:00:00Z',
  };

  it.each([
    ['a bare array', [visio]],
    ['data', { success: true, data: [visio] }],
    ['events', { events: [visio] }],
    ['calendar_events', { calendar_events: [visio] }],
    ['data.events', { data: { events: [visio] } }],
  ])('finds the events in %s', (_, body) => {
    expect(readCalendarEvents(body).meetings.map((m) => m.id)).toEqual(['ev_1']);
  });

  it('reads a video meeting', () => {
    expect(readCalendarEvents([visio]).meetings[0]).toEqual({
      id: 'ev_1',
      status: 'success',
      mode: 'visio',
      meetingUrl: 'https://meet.example/abc',
      startsAt: '2025-03-04T13:00:00.000Z',
      endsAt: '2025-03-04T13:30:00.000Z',
      contactName: 'Léa Roux',
      email: { masked: false, value: 'lea@acme.fr' },
      createdAt: '2025-03-01T10:00:00.000Z',
    });
  });

  it('reads a phone booking with its number, and no name when the lead was not identified', () => {
    const m = readCalendarEvents([
      {
        id: 'ev_2',
        status: 'calendar_disconnected',
        meeting_mode: 'phone',
        phone: '+33 6 12 34 56 78',
        contact_firstname: null,
        contact_lastname: null,
        meeting_url: null,
      },
    ]).meetings[0];
    expect(m).toEqual({ id: 'ev_2', status: 'calendar_disconnected', mode: 'phone', meetingUrl: null, phone: '+33 6 12 34 56 78' });
  });

  it('reads an older record without a mode as visio, and a start given as {dateTime}', () => {
    expect(readCalendarEvents([{ id: 'ev_3', status: 'failed', start: { dateTime: '2025-01-01T09:00:00Z' } }]).meetings[0]).toMatchObject({
      mode: 'visio',
      meetingUrl: null,
      status: 'failed',
      startsAt: '2025-01-01T09:00:00.000Z',
    });
  });

  it('keeps a status it does not know and reads a masked email as masked', () => {
    expect(readCalendarEvents([{ id: 'e', status: 'cancelled', email: 'xxx@xxx.xx' }]).meetings[0]).toMatchObject({
      status: 'cancelled',
      email: { masked: true },
    });
  });

  it('reads the page (at most 50 per page) and counts records with neither id nor time', () => {
    const list = readCalendarEvents({ data: [visio, { status: 'success' }], meta: { current_page: 1, last_page: 2 } }, { perPage: 50 });
    expect(list).toMatchObject({ skipped: 1, page: { hasNext: true, nextPage: 2 } });
    expect(() => readCalendarEvents({ success: true, data: null })).toThrow(/No list of calendar events/);
  });

  it.each([
    ['slot {start, end}', { slot: { start: '2025-03-04T13:00:00Z', end: '2025-03-04T13:30:00Z' } }],
    ['start and end', { start: '2025-03-04T13:00:00Z', end: '2025-03-04T13:30:00Z' }],
    ['starts_at and end_at', { starts_at: '2025-03-04T13:00:00Z', end_at: '2025-03-04T13:30:00Z' }],
    ['start and duration_minutes', { start: '2025-03-04T13:00:00Z', duration_minutes: 30 }],
    ['slot {start} and duration_minutes', { slot: { start: '2025-03-04T13:00:00Z' }, duration_minutes: '30' }],
  ])('reads the time from %s', (_, time) => {
    const m = readCalendarEvents([{ id: 'ev', ...time }]).meetings[0];
    expect(m?.startsAt).toBe('2025-03-04T13:00:00.000Z');
    expect(Date.parse(m?.endsAt ?? '')).toBe(Date.parse('2025-03-04T13:30:00Z'));
  });

  it.each([
    ['attendee', { attendee: { full_name: 'Léa Roux', company: { name: 'Acme' }, email: 'lea@acme.fr' } }],
    ['lead', { lead: { first_name: 'Léa', last_name: 'Roux', company: 'Acme', email: 'lea@acme.fr' } }],
    ['person', { person: { full_name: 'Léa Roux', company: 'Acme', email: 'lea@acme.fr' } }],
  ])('reads the person nested as %s', (_, who) => {
    expect(readCalendarEvents([{ id: 'ev', ...who }]).meetings[0]).toMatchObject({
      contactName: 'Léa Roux',
      company: 'Acme',
      email: { masked: false, value: 'lea@acme.fr' },
    });
  });
});
