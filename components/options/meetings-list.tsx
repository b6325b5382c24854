import type { ComponentChildren } from 'preact';
import { isEmpty, UnreadRecords } from './unread-records';
import { useState } from 'preact/hooks';
import { readCalendarEvents } from '../../lib/api/readers/meetings';
import type { Meeting } from '../../lib/api/schemas/meetings';
import { MEETING_MODES, MEETING_STATUSES } from '../../lib/api/spec-values';
import { t } from '../../lib/extension/i18n';
import { Pager } from './pager';
import { useViewData } from './use-view-data';
import { ViewHeader } from './view-header';
import { RecordLines } from './record-lines';
import { clockText, momentText } from '../shared/time-text';

const PER_PAGE = 50;

/** Start, and end when known ("4 Mar 2025, 14:00 – 14:30"). */
function when(m: Meeting): string {
  if (!m.startsAt) return '';
  const start = momentText(m.startsAt);
  const end = m.endsAt ? new Date(m.endsAt) : undefined;
  return end && !Number.isNaN(end.getTime()) ? `${start} – ${clockText(end.getTime())}` : start;
}
const known = (list: readonly string[], v: string | undefined) => v !== undefined && list.includes(v);

/**
 * An agent's bookings (spec 000, op 22) under a header with when they were read and Refresh:
 * mode, time, the meeting link when there is one, status in words. `children` go in the header
 * (the choice of agent), so that choosing keeps the focus where it is.
 */
export function MeetingsList(props: { agentId: string; title: string; level: 2 | 3 | 4; children?: ComponentChildren }) {
  const { agentId, title, level, children } = props;
  // Another agent starts at its first page.
  const [shown, setShown] = useState({ agentId, page: 1 });
  const page = shown.agentId === agentId ? shown.page : 1;
  const data = useViewData({ name: 'calendarEvents', params: { agentId }, query: { page, per_page: PER_PAGE } }, (body) =>
    readCalendarEvents(body, { page, perPage: PER_PAGE }),
  );
  const list = data.data;
  return (
    <div class="meetings">
      <ViewHeader level={level} title={title} data={data}>
        {children}
      </ViewHeader>
      {list && isEmpty(list.meetings, list) && <p class="help">{t('meetings.none')}</p>}
      <UnreadRecords list={list} />
      {list && list.meetings.length > 0 && (
        <ul class="records">
          {list.meetings.map((m, i) => (
            <li key={m.id ?? i} class="record">
              <div class="record-main">
                <strong>{[m.contactName ?? t('meetings.someone'), m.company].filter(Boolean).join(' · ')}</strong>
                <div class="muted">{when(m)}</div>
                <RecordLines lines={m.extra} />
              </div>
              <div class="record-meta">
                <span class="chip">{known(MEETING_MODES, m.mode) ? t(`meetings.mode.${m.mode}`) : m.mode}</span>
                {m.status && <span>{known(MEETING_STATUSES, m.status) ? t(`meetings.status.${m.status}`) : m.status}</span>}
                {m.meetingUrl && /^https:\/\//.test(m.meetingUrl) && (
                  <a href={m.meetingUrl} target="_blank" rel="noreferrer noopener">
                    {t('meetings.join')}
                  </a>
                )}
                {m.mode === 'phone' && m.phone && <span>{t('meetings.callBack', [m.phone])}</span>}
                {m.email && (m.email.masked ? <span class="muted">{t('contacts.masked')}</span> : <span>{m.email.value}</span>)}
              </div>
            </li>
          ))}
        </ul>
      )}
      {list && (list.page.hasNext || page > 1) && <Pager page={page} info={list.page} onPage={(p) => setShown({ agentId, page: p })} />}
    </div>
  );
}
