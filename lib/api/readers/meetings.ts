// An agent's booking history (spec 000, operation 22): a local log of bookings made through the
// agent's booking page, not the external calendar.
import type { Meeting, MeetingList } from '../schemas/meetings';
import { code, date, dropUndefined, first, ID_KEYS, isObj, nested, PERSON_KEYS, personName, readEach, recordsIn, str } from './fields';
import { maskable, recordMasked } from './masking';
import { readPage, type Asked } from './pagination';

const START_KEYS = ['start', 'start_at', 'starts_at', 'start_time', 'start_date', 'scheduled_at', 'meeting_at', 'event_date', 'datetime', 'date'];
const END_KEYS = ['end', 'end_at', 'ends_at', 'end_time', 'end_date'];

/** One booking; undefined when it has neither an id nor a time (nothing to show). */
function readMeeting(raw: unknown): Meeting | undefined {
  if (!isObj(raw)) return undefined;
  const id = first(raw, [...ID_KEYS, 'event_id'], str);
  const startsAt = first(raw, START_KEYS, date);
  if (!id && !startsAt) return undefined;
  const person = nested(raw, PERSON_KEYS);
  const contactName =
    personName(raw, ['contact_name', 'lead_name', 'attendee_name']) ??
    ([str(raw.contact_firstname), str(raw.contact_lastname)].filter(Boolean).join(' ') || undefined) ??
    (person ? personName(person) : undefined);
  return dropUndefined({
    id,
    status: first(raw, ['status', 'state'], code),
    mode: first(raw, ['meeting_mode', 'mode', 'meeting_type'], code) ?? 'visio',
    meetingUrl: first(raw, ['meeting_url', 'video_url', 'visio_url', 'join_url', 'hangout_link', 'conference_url'], str) ?? null,
    phone: first(raw, ['phone', 'phone_number', 'contact_phone', 'callback_phone'], str),
    startsAt,
    endsAt: first(raw, END_KEYS, date),
    contactName,
    email:
      maskable(raw, ['email', 'contact_email', 'attendee_email'], recordMasked(raw)) ??
      (person ? maskable(person, ['email'], recordMasked(person)) : undefined),
    createdAt: first(raw, ['created_at', 'createdAt', 'booked_at'], date),
  });
}

export function readCalendarEvents(body: unknown, asked?: Asked): MeetingList {
  const list = recordsIn(body, ['events', 'calendar_events', 'meetings', 'bookings'], 'calendar events');
  const { items, skipped } = readEach(list, readMeeting);
  return { meetings: items, skipped, page: readPage(body, list.length, asked) };
}
