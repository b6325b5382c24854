import { emailSeen } from '../../../lib/views/seen';
import { useEffect, useState } from 'preact/hooks';
import { isEmpty, UnreadRecords } from '../unread-records';
import { readEmailList, readEmailsToHandle, readEmailsToValidate } from '../../../lib/api/readers/emails';
import { EMAIL_CATEGORIES, type EmailCategory } from '../../../lib/api/spec-values';
import { t } from '../../../lib/extension/i18n';
import { queueFromHash } from '../../../lib/views/routes';
import { EmailToValidateRow } from '../email-to-validate';
import { Pager } from '../pager';
import { RecentDecisions } from '../recent-decisions';
import { ReplyToHandleRow } from '../reply-to-handle';
import { SubTabs } from '../sub-tabs';
import { TriageList } from '../triage-list';
import { useViewData } from '../use-view-data';
import { ViewHeader } from '../view-header';
import { RecordLines } from '../record-lines';
import { contentUnread, withShapeIfUnread } from '../../../lib/views/unread-content';
import { momentText } from '../../shared/time-text';

const PER_PAGE = 25;
const QUEUES: Record<string, Tab> = { 'to-validate': 'toValidate', replies: 'toHandle' };
const tabOf = (hash: string): Tab | undefined => QUEUES[queueFromHash(hash) ?? ''];
/** Opened by a link to a queue: its first item takes the focus. */
const linked = (queue: Tab) => tabOf(location.hash) === queue;
const TABS = ['toValidate', 'toHandle', 'all'] as const;
type Tab = (typeof TABS)[number];

/** Emails (spec 000, ops 8 to 14): contact emails to validate, AI replies to handle, every email by category. */
export default function EmailsView() {
  const [tab, setTab] = useState<Tab>(() => tabOf(location.hash) ?? 'toValidate');
  // A link to a queue (#emails/replies) while the view is open switches to it.
  useEffect(() => {
    const follow = () => {
      const queue = tabOf(location.hash);
      if (queue) setTab(queue);
    };
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  return (
    <section aria-labelledby="view-heading" class="view">
      <h2 id="view-heading" tabIndex={-1}>
        {t('views.emails')}
      </h2>
      <SubTabs<Tab> tabs={TABS} current={tab} onChange={setTab} label={(k) => t(`review.tab.${k}`)} />
      {tab === 'toValidate' && <ToValidate />}
      {tab === 'toHandle' && <ToHandle />}
      {tab === 'all' && <AllEmails />}
    </section>
  );
}

function ToValidate() {
  const [page, setPage] = useState(1);
  const data = useViewData({ name: 'emailsToValidate', query: { page, per_page: PER_PAGE } }, (b) => {
    const list = readEmailsToValidate(b, { page, perPage: PER_PAGE });
    return withShapeIfUnread(
      list,
      list.emails.some((e) => contentUnread(e.steps, e.extra)),
      'emailsToValidate',
      b,
    );
  });
  const list = data.data;
  return (
    <>
      <ViewHeader level={3} title={t('review.tab.toValidate')} data={data}>
        <p class="help">{t('review.toValidateHelp')}</p>
      </ViewHeader>
      {list && isEmpty(list.emails, list) && <p class="help">{t('review.nothingToValidate')}</p>}
      <UnreadRecords list={list} />
      <TriageList total={list?.page.total ?? list?.emails.length ?? 0} offset={(page - 1) * PER_PAGE} focusFirst={linked('toValidate')}>
        <ul class="records">
          {list?.emails.map((e) => (
            // Keyed by what it shows too: an email changed elsewhere is a new row, shown as the service holds it.
            <EmailToValidateRow key={`${e.leadId}:${emailSeen(e)}`} email={e} shape={list.shape} onDecided={data.refresh} />
          ))}
        </ul>
      </TriageList>
      {list && (list.page.hasNext || page > 1) && <Pager page={page} info={list.page} onPage={setPage} />}
      <RecentDecisions kind="email" onChange={data.refresh} />
    </>
  );
}

function ToHandle() {
  const [page, setPage] = useState(1);
  const data = useViewData({ name: 'emailsToHandle', query: { page, per_page: PER_PAGE } }, (b) => readEmailsToHandle(b, { page, perPage: PER_PAGE }));
  const list = data.data;
  return (
    <>
      <ViewHeader level={3} title={t('review.tab.toHandle')} data={data} />
      {list && isEmpty(list.emails, list) && <p class="help">{t('review.nothingToHandle')}</p>}
      <UnreadRecords list={list} />
      <TriageList total={list?.page.total ?? list?.emails.length ?? 0} offset={(page - 1) * PER_PAGE} focusFirst={linked('toHandle')}>
        <ul class="records">
          {list?.emails.map((e) => (
            <ReplyToHandleRow key={e.emailId} email={e} onHandled={() => undefined} />
          ))}
        </ul>
      </TriageList>
      {list && (list.page.hasNext || page > 1) && <Pager page={page} info={list.page} onPage={setPage} />}
    </>
  );
}

function AllEmails() {
  const [category, setCategory] = useState<EmailCategory>('received');
  const [page, setPage] = useState(1);
  const data = useViewData({ name: 'listEmails', query: { category, page, per_page: PER_PAGE } }, (b) => readEmailList(b, { page, perPage: PER_PAGE }));
  const list = data.data;
  return (
    <>
      <ViewHeader level={3} title={t('review.tab.all')} data={data} />
      <div class="filters">
        <label>
          {t('review.category')}
          <select
            value={category}
            onChange={(e) => {
              setCategory(e.currentTarget.value as EmailCategory);
              setPage(1);
            }}
          >
            {EMAIL_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`review.emailCategory.${c}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list && isEmpty(list.emails, list) && <p class="help">{t('views.empty')}</p>}
      <UnreadRecords list={list} />
      <ul class="records">
        {list?.emails.map((e) => (
          <li key={e.id} class="record">
            <div class="record-main">
              <strong>{e.subject ?? t('review.noSubject')}</strong>
              <div class="muted">
                {[e.contactName, e.company, e.agentName].filter(Boolean).join(' · ')}
                {e.at && ` · ${momentText(e.at)}`}
              </div>
              {e.preview && <div>{e.preview}</div>}
              <RecordLines lines={e.extra} />
            </div>
          </li>
        ))}
      </ul>
      <Pager page={page} info={list?.page} onPage={setPage} />
    </>
  );
}
