import { useState } from 'preact/hooks';
import { isEmpty, UnreadRecords } from '../unread-records';
import { readBlocklist } from '../../../lib/api/readers/blocklist';
import type { BlocklistEntry } from '../../../lib/api/schemas/blocklist';
import {
  BLOCKLIST_TYPES,
  type BlocklistType,
  blocklistAddress,
  detectBlocklistType,
  isBlocklistValue,
  normalizeBlocklistValue,
} from '../../../lib/api/blocklist';
import { t } from '../../../lib/extension/i18n';
import { ErrorMessage } from '../../shared/error-message';
import { ItemWriteStatus } from '../item-write-status';
import { Pager } from '../pager';
import { useViewData } from '../use-view-data';
import { useViewWrite } from '../use-view-write';
import { ViewHeader } from '../view-header';
import { RecordLines } from '../record-lines';
import { dayText } from '../../shared/time-text';

const PER_PAGE = 50;

/** The blocklist (spec 000, ops 19 to 21): filter by type, add with the type shown first, remove. */
export default function BlocklistView() {
  const [type, setType] = useState<BlocklistType | 'all'>('all');
  const [page, setPage] = useState(1);
  const data = useViewData({ name: 'listBlocklist', query: { type, page, per_page: PER_PAGE } }, (body) => readBlocklist(body, { page, perPage: PER_PAGE }));
  const list = data.data;
  // Said above the list: the removed entry's row leaves it.
  const [notice, setNotice] = useState<string | null>(null);
  const removed = (value: string) => {
    setNotice(t('blocklist.removed', [value]));
    data.refresh();
  };
  return (
    <section aria-labelledby="view-heading" class="view">
      <ViewHeader title={t('views.blocklist')} data={data} />
      <AddEntry onAdded={data.refresh} />
      <div class="filters">
        <label>
          {t('blocklist.type')}
          <select
            value={type}
            onChange={(e) => {
              setType(e.currentTarget.value as BlocklistType | 'all');
              setPage(1);
            }}
          >
            <option value="all">{t('blocklist.allTypes')}</option>
            {BLOCKLIST_TYPES.map((k) => (
              <option key={k} value={k}>
                {t(`blocklist.types.${k}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {notice && (
        <p class="feedback" role="status">
          {notice}
        </p>
      )}
      {list && isEmpty(list.entries, list) && <p class="help">{t('views.empty')}</p>}
      <UnreadRecords list={list} />
      {list && list.entries.length > 0 && (
        <ul class="records">
          {list.entries.map((e) => (
            <EntryRow key={e.id ?? `${e.type}:${e.value}`} entry={e} onRemoved={removed} />
          ))}
        </ul>
      )}
      <Pager page={page} info={list?.page} onPage={setPage} />
    </section>
  );
}

const typeWord = (type: string) => ((BLOCKLIST_TYPES as readonly string[]).includes(type) ? t(`blocklist.types.${type}`) : type);

function EntryRow({ entry, onRemoved }: { entry: BlocklistEntry; onRemoved(value: string): void }) {
  const [write, run] = useViewWrite();
  const [queued, setQueued] = useState(false);
  const item = `blocklist:${entry.id ?? entry.value}`;
  async function remove() {
    // By id when the list gives one (the spec's rule: id wins), else by the exact value.
    const query: Record<string, string> = entry.id ? { id: entry.id } : { value: entry.value };
    const receipt = await run(item, { name: 'removeFromBlocklist', query });
    if (!receipt) return;
    if (receipt.state === 'saved') onRemoved(entry.value);
    else setQueued(true);
  }
  return (
    <li class="record">
      <div class="record-main">
        <strong>{entry.value}</strong>
        <div class="muted">
          {typeWord(entry.type)}
          {entry.createdAt && ` · ${dayText(entry.createdAt)}`}
        </div>
        <RecordLines lines={entry.extra} />
      </div>
      {!queued && (
        <button
          type="button"
          class="quiet"
          onClick={() => void remove()}
          disabled={write.phase === 'busy'}
          aria-label={t('blocklist.removeNamed', [entry.value])}
        >
          {t('blocklist.remove')}
        </button>
      )}

      {write.phase === 'failed' && <ErrorMessage error={write.error} />}
      <ItemWriteStatus item={item} />
    </li>
  );
}

/** Adds an entry: the type detected from the value and shown before saving; an address from its parts. */
function AddEntry({ onAdded }: { onAdded(): void }) {
  const [raw, setRaw] = useState('');
  const [chosen, setChosen] = useState<BlocklistType | ''>('');
  const [person, setPerson] = useState({ firstname: '', lastname: '', zip: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [write, run] = useViewWrite();
  const type: BlocklistType | null = chosen || detectBlocklistType(raw);
  const value = chosen === 'address' ? blocklistAddress(person) : type ? normalizeBlocklistValue(type, raw) : null;

  async function add(e: Event) {
    e.preventDefault();
    setDone(null);
    if (!type || !value || !isBlocklistValue(type, value)) {
      setProblem(chosen === 'address' ? t('blocklist.addressProblem') : t('blocklist.valueProblem', [type ? typeWord(type) : '']));
      return;
    }
    setProblem(null);
    const receipt = await run(`blocklist:${type}:${value}`, { name: 'addToBlocklist', body: { type, value } });
    if (!receipt) return;
    setDone(receipt.state === 'saved' ? t('blocklist.added', [value]) : t('views.queued'));
    setRaw('');
    setPerson({ firstname: '', lastname: '', zip: '' });
    if (receipt.state === 'saved') onAdded();
  }

  const field = (key: keyof typeof person, label: string) => (
    <label>
      {label}
      <input value={person[key]} maxLength={100} onInput={(e) => setPerson({ ...person, [key]: e.currentTarget.value })} />
    </label>
  );

  return (
    <form class="add-entry" onSubmit={(e) => void add(e)} aria-labelledby="add-entry-heading" noValidate>
      <h3 id="add-entry-heading">{t('blocklist.add')}</h3>
      <label>
        {t('blocklist.type')}
        <select value={chosen} onChange={(e) => setChosen(e.currentTarget.value as BlocklistType | '')}>
          <option value="">{t('blocklist.detect')}</option>
          {BLOCKLIST_TYPES.map((k) => (
            <option key={k} value={k}>
              {t(`blocklist.types.${k}`)}
            </option>
          ))}
        </select>
      </label>
      {chosen === 'address' ? (
        <div class="row">
          {field('firstname', t('blocklist.firstname'))}
          {field('lastname', t('blocklist.lastname'))}
          {field('zip', t('blocklist.zip'))}
        </div>
      ) : (
        <label>
          {t('blocklist.value')}
          <input value={raw} maxLength={500} onInput={(e) => setRaw(e.currentTarget.value)} aria-describedby="entry-preview" />
        </label>
      )}
      <p id="entry-preview" class="help" aria-live="polite">
        {type && value ? t('blocklist.preview', [typeWord(type), value]) : t('blocklist.previewNone')}
      </p>
      {problem && (
        <p class="feedback error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" class="primary" disabled={write.phase === 'busy'}>
        {t('blocklist.addButton')}
      </button>
      {done && (
        <p class="feedback" role="status">
          {done}
        </p>
      )}
      {write.phase === 'failed' && <ErrorMessage error={write.error} />}
    </form>
  );
}
