// Blocklist entries (spec 000, operations 19 and 20): hashed id, type, value.
import { detectBlocklistType } from '../../blocklist';
import type { Blocklist, BlocklistAdded, BlocklistEntry } from '../schemas/blocklist';
import { code, date, dropUndefined, first, ID_KEYS, isObj, nested, readEach, recordsIn, str } from './fields';
import { readPage, type Asked } from './pagination';

/** One entry; undefined without a value. A missing type is the one its value's format gives. */
function readBlocklistEntry(raw: unknown): BlocklistEntry | undefined {
  if (!isObj(raw)) return undefined;
  const value = first(raw, ['value', 'entry', 'pattern'], str);
  if (!value) return undefined;
  return dropUndefined({
    id: first(raw, [...ID_KEYS, 'entry_id', 'blocklist_id'], str),
    type: first(raw, ['type', 'kind'], code) ?? detectBlocklistType(value) ?? 'company',
    value,
    createdAt: first(raw, ['created_at', 'createdAt', 'added_at', 'date'], date),
  });
}

export function readBlocklist(body: unknown, asked?: Asked): Blocklist {
  const list = recordsIn(body, ['blocklist', 'entries', 'blocked', 'blacklist'], 'blocklist entries');
  const { items, skipped } = readEach(list, readBlocklistEntry);
  return { entries: items, skipped, page: readPage(body, list.length, asked) };
}

/** The answer to adding an entry: the entry when given back (under data, entry or at the top). */
export function readBlocklistAdded(body: unknown): BlocklistAdded {
  if (!isObj(body)) return {};
  const data = isObj(body.data) ? body.data : body;
  return dropUndefined({
    entry: readBlocklistEntry(nested(data, ['entry', 'blocklist', 'item']) ?? data),
    message: first(body, ['message', 'detail'], str),
  });
}
