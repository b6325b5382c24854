// An agent's booking history (spec 000, operation 22): a local log of bookings made through the
// agent's booking page, not the external calendar.
import type { Meeting, MeetingList } from '../schemas/meetings';
import {
  code,
  companyName,
  date,
  dropUndefined,
  first,
  ID_KEYS,
  isObj,
  nested,
  num,
  PERSON_KEYS,
  personName,
  readEach,
  recordsIn,
  str,
  type Obj,
} from './fields';
import { maskable, recordMasked } from './masking';
import { readPage, type Asked } from './pagination';

const START_KEYS = ['start', 'start_at', 'starts_at', 'start_time', 'start_date', 'scheduled_at', 'meeting_at', 'event_date', 'datetime', 'date'];
const END_KEYS = ['end', 'end_at', 'ends_at', 'end_time', 'end_date'];
const SLOT_KEYS = ['slot', 'time_slot', 'timeslot', 'period', 'schedule'];
const DURATION_KEYS = ['duration_minutes', 'duration_min', 'duration'];

/** Start and end: flat, or under `slot`; an end from `duration_minutes` when none is written. */
function times(raw: Obj): { startsAt?: string; endsAt?: string } {
  const slot = nested(raw, SLOT_KEYS);
  const where = slot ? [raw, slot] : [raw];
  const pick = (keys: string[]) => where.map((o) => first(o, keys, date)).find(Boolean);
  const startsAt = pick([...START_KEYS, 'from']);
  let endsAt = pick([...END_KEYS, 'to', 'until']);
  const minutes = where.map((o) => first(o, DURATION_KEYS, num)).find((n) => n !== undefined);
  const start = startsAt ? Date.parse(startsAt) : Number.NaN;
  if (!endsAt && minutes !== undefined && minutes > 0 && Number.isFinite(start)) endsAt = new Date(start + minutes * 60_000).toISOString();
  return dropUndefined({ startsAt, endsAt });
}

/** One booking; undefined when it has neither an id nor a time (nothing to show). */
function readMeeting(raw: unknown): Meeting | undefined {
  if (!isObj(raw)) return undefined;
  const id = first(raw, [...ID_KEYS, 'event_id'], str);
  const { startsAt, endsAt } = times(raw);
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
    endsAt,
    contactName,
    company: (person ? companyName(person) : undefined) ?? companyName(raw),
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
