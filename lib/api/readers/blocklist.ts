// Blocklist entries (spec 000, operations 19 and 20): hashed id, type, value.
import { ownId } from '../body/identity';
import { withUnplaced } from '../body/unplaced';
import { detectBlocklistType } from '../blocklist';
import type { Blocklist, BlocklistAdded, BlocklistEntry } from '../schemas/blocklist';
import { first, isNode, normalized } from '../body/fold';
import { recordList, recordOf, type Expect } from '../body/envelope';
import { code, text } from '../body/values';
import { dateAt, dropUndefined, readEach } from './fields';
import { ID_KEYS } from './record-names';
import { readPage, type Asked } from './pagination';

const VALUE = ['value', 'entry', 'pattern'];

/** What the records of the blocklist carry. */
const ENTRIES: Expect = { op: 'listBlocklist', what: 'blocklist entries', ids: [...ID_KEYS, 'entry_id', 'blocklist_id'], fields: ['value', 'type'] };

/** One entry; undefined without a value. A missing type is the one its value's format gives. */
function readBlocklistEntry(raw: unknown): BlocklistEntry | undefined {
  if (!isNode(raw)) return undefined;
  const value = first(raw, VALUE, (v) => text(v, 500));
  if (!value) return undefined;
  return dropUndefined({
    id: ownId(raw, ENTRIES.ids),
    type: first(raw, ['type', 'kind'], code) ?? detectBlocklistType(value) ?? 'company',
    value,
    createdAt: dateAt(raw, ['created_at', 'added_at', 'date']),
  });
}

export function readBlocklist(body: unknown, asked?: Asked): Blocklist {
  const list = recordList(body, ENTRIES);
  const { items, skipped, unread } = readEach(list, withUnplaced(readBlocklistEntry), asked?.perPage);
  return { entries: items, skipped, unread, page: readPage(body, Math.min(list.length, asked?.perPage ?? 100), asked) };
}

/** The answer to adding an entry: the entry when given back (under the payload, one object down, or at the top). */
export function readBlocklistAdded(body: unknown): BlocklistAdded {
  const o = recordOf(body, VALUE);
  const root = normalized(body);
  if (!o || !isNode(root)) return {};
  return dropUndefined({ entry: readBlocklistEntry(o), message: first(root, ['message', 'detail'], text) });
}
