import { letterSeen } from '../../../lib/views/seen';
import { useState } from 'preact/hooks';
import { isEmpty, UnreadRecords } from '../unread-records';
import { readLetterList } from '../../../lib/api/readers/letters';
import { LETTER_CATEGORIES, LETTER_STATUSES, type LetterCategory } from '../../../lib/api/spec-values';
import { t } from '../../../lib/extension/i18n';
import { queueFromHash } from '../../../lib/views/routes';
import { LetterToValidateRow } from '../letter-to-validate';
import { Pager } from '../pager';
import { RecentDecisions } from '../recent-decisions';
import { SubTabs } from '../sub-tabs';
import { TriageList } from '../triage-list';
import { useViewData } from '../use-view-data';
import { ViewHeader } from '../view-header';
import { RecordLines } from '../record-lines';
import { contentUnread, withShapeIfUnread } from '../../../lib/views/unread-content';

const PER_PAGE = 25;
const TABS = ['toValidate', 'all'] as const;
type Tab = (typeof TABS)[number];

/** Letters (spec 000, ops 15 to 18): letters waiting for validation, and every letter by category. */
export default function LettersView() {
  const [tab, setTab] = useState<Tab>('toValidate');
  return (
    <section aria-labelledby="view-heading" class="view">
      <h2 id="view-heading" tabIndex={-1}>
        {t('views.letters')}
      </h2>
      <SubTabs<Tab> tabs={TABS} current={tab} onChange={setTab} label={(k) => t(`letters.tab.${k}`)} />
      {tab === 'toValidate' ? <ToValidate /> : <AllLetters />}
    </section>
  );
}

function ToValidate() {
  const [page, setPage] = useState(1);
  const data = useViewData({ name: 'lettersToValidate', query: { page, per_page: PER_PAGE } }, (b) => {
    const list = readLetterList(b, { page, perPage: PER_PAGE });
    return withShapeIfUnread(
      list,
      list.letters.some((l) => contentUnread(l.blocks, l.extra)),
      'lettersToValidate',
      b,
    );
  });
  const list = data.data;
  return (
    <>
      <ViewHeader level={3} title={t('letters.tab.toValidate')} data={data}>
        <p class="help">{t('letters.toValidateHelp')}</p>
      </ViewHeader>
      {list && isEmpty(list.letters, list) && <p class="help">{t('letters.nothingToValidate')}</p>}
      <UnreadRecords list={list} />
      <TriageList
        total={list?.page.total ?? list?.letters.length ?? 0}
        offset={(page - 1) * PER_PAGE}
        focusFirst={queueFromHash(location.hash) === 'to-validate'}
      >
        <ul class="records">
          {list?.letters.map((l) => (
            // Keyed by what it shows too: a letter changed elsewhere is a new row, shown as the service holds it.
            <LetterToValidateRow key={`${l.id}:${letterSeen(l)}`} letter={l} shape={list.shape} onDecided={data.refresh} />
          ))}
        </ul>
      </TriageList>
      {list && (list.page.hasNext || page > 1) && <Pager page={page} info={list.page} onPage={setPage} />}
      <RecentDecisions kind="letter" onChange={data.refresh} />
    </>
  );
}

function AllLetters() {
  const [category, setCategory] = useState<LetterCategory>('delivered');
  const [page, setPage] = useState(1);
  const data = useViewData({ name: 'listLetters', query: { category, page, per_page: PER_PAGE } }, (b) => readLetterList(b, { page, perPage: PER_PAGE }));
  const list = data.data;
  return (
    <>
      <ViewHeader level={3} title={t('letters.tab.all')} data={data} />
      <div class="filters">
        <label>
          {t('review.category')}
          <select
            value={category}
            onChange={(e) => {
              setCategory(e.currentTarget.value as LetterCategory);
              setPage(1);
            }}
          >
            {LETTER_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`letters.category.${c}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list && isEmpty(list.letters, list) && <p class="help">{t('views.empty')}</p>}
      <UnreadRecords list={list} />
      <ul class="records">
        {list?.letters.map((l) => (
          <li key={l.id} class="record">
            <div class="record-main">
              <strong>{[l.contactName, l.company].filter(Boolean).join(' · ') || l.id}</strong>
              <div class="muted">
                {l.status && ((LETTER_STATUSES as readonly string[]).includes(l.status) ? t(`letters.status.${l.status}`) : l.status)}
                {l.address?.masked && ` · ${t('letters.addressMasked')}`}
              </div>
              <RecordLines lines={l.extra} />
            </div>
          </li>
        ))}
      </ul>
      <Pager page={page} info={list?.page} onPage={setPage} />
    </>
  );
}
