// An agent's booking history (spec 000, operation 22): a local log of bookings made through the
// agent's booking page, not the external calendar.
import { ownId } from '../body/identity';
import { withUnplaced } from '../body/unplaced';
import type { Meeting, MeetingList } from '../schemas/meetings';
import { first, isNode, nested, type Node } from '../body/fold';
import { recordList, type Expect } from '../body/envelope';
import { BOUND, code, num, text } from '../body/values';
import { companyName, dateAt, dropUndefined, personName, personOf, readEach } from './fields';
import { ID_KEYS, PERSON_KEYS } from './record-names';
import { maskable, recordMasked } from './masking';
import { readPage, type Asked } from './pagination';
import { END, START, STATUS, WHEN } from '../body/families';

const START_KEYS = START;
const END_KEYS = END;
const SLOT_KEYS = WHEN;
const DURATION_KEYS = ['duration_minutes', 'duration_min', 'duration'];

/** What the records of the booking history carry. */
const MEETINGS: Expect = {
  op: 'calendarEvents',
  what: 'calendar events',
  ids: [...ID_KEYS, 'event_id'],
  fields: [
    'meeting_mode',
    'meeting_url',
    'phone',
    'email',
    'contact_email',
    'contact_firstname',
    'contact_lastname',
    'contact_name',
    ...START_KEYS,
    ...END_KEYS,
    ...SLOT_KEYS,
    ...DURATION_KEYS,
    ...PERSON_KEYS,
  ],
};

/** Start and end: flat, or under `slot`; an end from `duration_minutes` when none is written. */
function times(raw: Node): { startsAt?: string; endsAt?: string } {
  const slot = nested(raw, SLOT_KEYS);
  const where = slot ? [raw, slot] : [raw];
  const pick = (names: string[]) => where.map((o) => dateAt(o, names)).find(Boolean);
  const startsAt = pick([...START_KEYS, 'from']);
  let endsAt = pick([...END_KEYS, 'to', 'until']);
  const minutes = where.map((o) => first(o, DURATION_KEYS, num)).find((n) => n !== undefined);
  const start = startsAt ? Date.parse(startsAt) : Number.NaN;
  if (!endsAt && minutes !== undefined && minutes > 0 && Number.isFinite(start)) endsAt = new Date(start + minutes * 60_000).toISOString();
  return dropUndefined({ startsAt, endsAt });
}

/** One booking; undefined when it has neither an id nor a time (nothing to show). */
function readMeeting(raw: unknown): Meeting | undefined {
  if (!isNode(raw)) return undefined;
  const eventId = ownId(raw, MEETINGS.ids);
  const { startsAt, endsAt } = times(raw);
  if (!eventId && !startsAt) return undefined;
  const person = personOf(raw);
  const parts = [first(raw, ['contact_firstname'], text), first(raw, ['contact_lastname'], text)].filter(Boolean);
  const contactName =
    personName(raw, ['contact_name', 'attendee_name']) ?? (parts.length ? parts.join(' ') : undefined) ?? (person ? personName(person) : undefined);
  return dropUndefined({
    id: eventId,
    status: first(raw, STATUS, code),
    mode: first(raw, ['meeting_mode', 'mode', 'meeting_type'], code) ?? 'visio',
    meetingUrl: first(raw, ['meeting_url', 'video_url', 'visio_url', 'join_url', 'hangout_link', 'conference_url'], (v) => text(v, BOUND.url)) ?? null,
    phone: first(raw, ['phone', 'phone_number', 'contact_phone', 'callback_phone'], text),
    startsAt,
    endsAt,
    contactName,
    company: (person ? companyName(person) : undefined) ?? companyName(raw),
    email:
      maskable(raw, ['email', 'contact_email', 'attendee_email'], recordMasked(raw)) ??
      (person ? maskable(person, ['email'], recordMasked(person)) : undefined),
    createdAt: dateAt(raw, ['created_at', 'booked_at']),
  });
}

export function readCalendarEvents(body: unknown, asked?: Asked): MeetingList {
  const list = recordList(body, MEETINGS);
  const { items, skipped, unread } = readEach(list, withUnplaced(readMeeting), asked?.perPage);
  return { meetings: items, skipped, unread, page: readPage(body, Math.min(list.length, asked?.perPage ?? 100), asked) };
}
