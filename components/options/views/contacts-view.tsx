import { useState } from 'preact/hooks';
import { isEmpty, UnreadRecords } from '../unread-records';
import { performanceFromAgents } from '../../../lib/api/readers/contact-list';
import { readBlockResult, readContactList } from '../../../lib/api/readers/contacts';
import type { Contact } from '../../../lib/api/schemas/contacts';
import { CONTACT_SOURCES, CONTACT_STATUSES } from '../../../lib/api/spec-values';
import { t } from '../../../lib/extension/i18n';
import { profileSlug, profileUrl } from '../../../lib/network/profile-url';
import { AgentSelect } from '../../shared/agent-select';
import { ErrorMessage } from '../../shared/error-message';
import { TOUCH_PATHS, TouchIcon, type TouchMark } from '../../shared/touch-icons';
import { ItemWriteStatus } from '../item-write-status';
import { Pager } from '../pager';
import { useViewData } from '../use-view-data';
import { useViewWrite } from '../use-view-write';
import { ViewHeader } from '../view-header';
import type { ViewProps } from '../view-props';
import { RecordLines } from '../record-lines';

const PAGE_SIZES = [25, 50, 100] as const;
const TOUCH_MARKS = Object.keys(TOUCH_PATHS) as TouchMark[];
const SORTS = {
  newest: { sort_field: 'created_at', sort_direction: 'desc' },
  oldest: { sort_field: 'created_at', sort_direction: 'asc' },
  relevance: { sort_field: 'relevance', sort_direction: 'desc' },
} as const;
type Sort = keyof typeof SORTS;

/** A word for a code of the spec, or the code itself when the service sent one it does not list. */
const word = (kind: 'statusWord' | 'sourceWord', list: readonly string[], code: string | undefined) =>
  code && list.includes(code) ? t(`contacts.${kind}.${code}`) : (code ?? '');

/** Contacts of the account (spec 000, op 2): filters, sort, pages; Block (op 5) after a confirmation. */
export default function ContactsView({ account }: ViewProps) {
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [source, setSource] = useState('');
  const [agent, setAgent] = useState('');
  const [sort, setSort] = useState<Sort>('newest');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(50);
  const query = {
    page,
    per_page: perPage,
    ...SORTS[sort],
    ...(search ? { search } : {}),
    ...(status ? { status_filter: status } : {}),
    ...(source ? { source_filter: source } : {}),
    ...(agent ? { agent_filter: agent } : {}),
  };
  // Masking is per record: the account's word on each agent's plan, when it gives one, says whose contacts are masked.
  const data = useViewData({ name: 'listContacts', query }, (body) => readContactList(body, { page, perPage }, performanceFromAgents(account?.agents ?? [])));
  const list = data.data;
  const filter = (set: (v: string) => void) => (v: string) => {
    set(v);
    setPage(1);
  };

  return (
    <section aria-labelledby="view-heading" class="view">
      <ViewHeader title={t('views.contacts')} data={data} />
      <form
        class="filters"
        onSubmit={(e) => {
          e.preventDefault();
          filter(setSearch)(draft.trim());
        }}
      >
        <label>
          <span class="sr-only">{t('contacts.search')}</span>
          <input type="search" placeholder={t('contacts.search')} value={draft} maxLength={500} onInput={(e) => setDraft(e.currentTarget.value)} />
        </label>
        <button type="submit">{t('contacts.searchButton')}</button>
        <label>
          {t('contacts.status')}
          <select value={status} onChange={(e) => filter(setStatus)(e.currentTarget.value)}>
            <option value="">{t('contacts.anyStatus')}</option>
            {CONTACT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`contacts.statusWord.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('contacts.source')}
          <select value={source} onChange={(e) => filter(setSource)(e.currentTarget.value)}>
            <option value="">{t('contacts.anySource')}</option>
            {CONTACT_SOURCES.map((s) => (
              <option key={s} value={s}>
                {t(`contacts.sourceWord.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <div class="field">
          <label for="contacts-agent">{t('views.agent')}</label>
          <AgentSelect id="contacts-agent" value={agent} onChange={filter(setAgent)} account={account} />
        </div>
        <label>
          {t('contacts.sort')}
          <select value={sort} onChange={(e) => filter((v) => setSort(v as Sort))(e.currentTarget.value)}>
            <option value="newest">{t('contacts.sortNewest')}</option>
            <option value="oldest">{t('contacts.sortOldest')}</option>
            <option value="relevance">{t('contacts.sortRelevance')}</option>
          </select>
        </label>
        <label>
          {t('views.perPage')}
          <select value={perPage} onChange={(e) => filter((v) => setPerPage(Number(v)))(e.currentTarget.value)}>
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </form>
      {list?.contactsMasked && <p class="help">{t('contacts.maskedReason')}</p>}
      {list && isEmpty(list.contacts, list) && <p class="help">{t('views.empty')}</p>}
      <UnreadRecords list={list} />
      {list && list.contacts.length > 0 && (
        <details class="touch-legend">
          <summary>{t('review23.touchLegend')}</summary>
          <ul>
            {TOUCH_MARKS.map((k) => (
              <li key={k}>
                <TouchIcon mark={k} /> {t(`contacts.touch.${k}`)}
              </li>
            ))}
          </ul>
        </details>
      )}
      {list && list.contacts.length > 0 && (
        <ul class="records">
          {list.contacts.map((c) => (
            <ContactRow key={c.id} contact={c} />
          ))}
        </ul>
      )}
      <Pager page={page} info={list?.page} onPage={setPage} />
    </section>
  );
}

function ContactRow({ contact: c }: { contact: Contact }) {
  const [confirming, setConfirming] = useState(false);
  const [write, run] = useViewWrite();
  const [outcome, setOutcome] = useState<string | undefined>();
  const name = c.name ?? t('contacts.unnamed');
  // The canonical address rebuilt from the slug: the service's value is never an href as it came.
  const slug = c.profileUrl && !c.profileUrl.masked ? profileSlug(c.profileUrl.value) : null;
  const url = slug ? profileUrl(slug) : undefined;
  const item = `contact:${c.id}`;

  async function block() {
    const receipt = await run(item, { name: 'blockContact', params: { leadId: c.id } });
    setConfirming(false);
    if (!receipt) return;
    if (receipt.state !== 'saved') return setOutcome(t('contacts.blockedQueued', [name]));
    const counts = readBlockResult(receipt.answer);
    const n = (v: number | undefined) => (v === undefined ? '?' : v.toLocaleString());
    setOutcome(t('contacts.blocked', [name, n(counts.duplicatesBlocked), n(counts.emailsCancelled), n(counts.lettersCancelled)]));
  }

  return (
    <li class="record">
      <div class="record-main">
        <strong>{name}</strong>
        {c.company && <span class="muted"> · {c.company}</span>}
        {c.headline && <div class="muted">{c.headline}</div>}
        <RecordLines lines={c.extra} />
      </div>
      {c.status !== 'block' && !outcome && (
        <button type="button" class="quiet" aria-expanded={confirming} onClick={() => setConfirming(true)}>
          {t('contacts.block')}
        </button>
      )}
      <div class="record-meta">
        <span class="chip">{word('statusWord', CONTACT_STATUSES, c.status)}</span>
        {c.source && <span class="muted">{word('sourceWord', CONTACT_SOURCES, c.source)}</span>}
        <span class="muted">{c.relevance === null ? t('contacts.unscored') : t('contacts.relevance', [c.relevance])}</span>
        <span class="touchpoints">
          {TOUCH_MARKS.filter((k) => c.touchpoints[k].done).map((k) => (
            <TouchIcon key={k} mark={k} label={t(`contacts.touch.${k}`)} />
          ))}
        </span>
        {url ? (
          <a href={url} target="_blank" rel="noreferrer noopener">
            {t('contacts.profile')}
          </a>
        ) : (
          c.profileUrl?.masked && <span class="muted">{t('contacts.masked')}</span>
        )}
      </div>
      {confirming && (
        <fieldset class="confirm">
          <legend class="sr-only">{t('contacts.block')}</legend>
          <p>{t('contacts.blockConfirm', [name])}</p>
          <button type="button" class="danger" onClick={() => void block()} disabled={write.phase === 'busy'}>
            {t('contacts.blockYes')}
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            {t('views.cancel')}
          </button>
        </fieldset>
      )}
      {outcome && (
        <p class="feedback" role="status">
          {outcome}
        </p>
      )}
      {write.phase === 'failed' && <ErrorMessage error={write.error} />}
      <ItemWriteStatus item={item} />
    </li>
  );
}
