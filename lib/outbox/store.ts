// Where the outbox lives in storage: one small item per write (`outboxEntry:<id>`) and one for the
// rest (order, refused list, budget, flags), so storing a write, or the answer to one, rewrites
// that write's item and a small index, never the whole queue. The outbox itself still sees one
// OutboxState (load/save): this module only decides the layout, and reads an older single item.
import { browser } from 'wxt/browser';
import { localGuard, type StorageItem } from '../storage/storage-item';
import type { LocalGuard } from '../storage/local-guard';
import { EMPTY_OUTBOX, type DeadEntry, type OutboxEntry, type OutboxState } from './state';

const LEGACY = 'outbox';
const META = 'outboxMeta';
const ENTRY = 'outboxEntry:';

/** Refused writes kept at most; beyond it the oldest go, but only once a person has seen them. */
export const MAX_REFUSED = 50;

type Meta = Omit<OutboxState, 'entries' | 'dead'> & { order: string[]; dead: DeadEntry[] };

const local = () => browser.storage.local;

function split(state: OutboxState): Meta {
  const { entries, dead, ...rest } = state;
  return { ...rest, order: entries.map((e) => e.id), dead: bound(dead, state.deadSeenAt) };
}

/** The refused list within MAX_REFUSED, dropping the oldest already seen; unseen ones all stay. */
function bound(dead: DeadEntry[], seenAt: number | undefined): DeadEntry[] {
  let extra = dead.length - MAX_REFUSED;
  if (extra <= 0 || !seenAt) return dead;
  return dead.filter((d) => !(extra > 0 && d.deadAt <= seenAt && extra-- > 0));
}

/** How the background tells a write it stored from one it did not (lib/outbox/signing.ts). */
export interface EntryChecks {
  sign(entry: OutboxEntry): Promise<string>;
  verify(entry: OutboxEntry, mac: unknown): Promise<boolean>;
  /** A write stored without a signature (by an earlier version) is sent as it is. */
  trustsUnsigned: boolean;
}

type Stored = OutboxEntry & { mac?: unknown };

/** A write the background cannot tell it stored: never sent unasked, listed for the person to retry or discard. */
const unverified = (entry: OutboxEntry): DeadEntry => ({
  ...entry,
  deadAt: Date.now(),
  reason: 'Not signed by the extension',
  error: { kind: 'invalid-request', message: 'Not signed by the extension', request: { field: 'unsigned', problem: 'malformed' } },
});

/** The writes as stored, those the checks accept apart from those they do not (no checks: all). */
async function sort(stored: Stored[], checks: EntryChecks | undefined): Promise<{ entries: OutboxEntry[]; refused: DeadEntry[] }> {
  const entries: OutboxEntry[] = [];
  const refused: DeadEntry[] = [];
  for (const { mac, ...entry } of stored) {
    const trusted = !checks || (mac === undefined ? checks.trustsUnsigned : await checks.verify(entry as OutboxEntry, mac));
    if (trusted) entries.push(entry as OutboxEntry);
    else refused.push(unverified(entry as OutboxEntry));
  }
  return { entries, refused };
}

type Read = { state: OutboxState; raw: OutboxState; meta: Meta | undefined };

/**
 * Firefox (lib/storage/local-guard.ts): the outbox as the extension last wrote it. An index it did not
 * write (a content script's, an old one put back, or none: removed) gives way to the writes the
 * ledger vouches for, in the order they were made (the refused list and the budget's count then
 * start afresh): a write delivered, its item removed, then put back with an index naming it, is
 * not read, so not sent twice. A write the index names whose item is not the extension's last
 * goes to the refused list, like one whose signature fails.
 */
async function readChecked(g: LocalGuard, checks: EntryChecks | undefined): Promise<Read> {
  const { values } = await g.get([META, LEGACY]);
  // No index of the extension's (changed, put back, or removed): the ledger's own list of writes.
  const rebuilt = !(META in values) && !(LEGACY in values);
  const meta = rebuilt ? { ...split(EMPTY_OUTBOX), order: (await g.names(ENTRY)).map((n) => n.slice(ENTRY.length)) } : (values[META] as Meta | undefined);
  if (!meta) {
    const legacy = { ...EMPTY_OUTBOX, ...((values[LEGACY] as OutboxState | undefined) ?? EMPTY_OUTBOX) };
    const { entries, refused } = await sort(legacy.entries, checks);
    return { state: { ...legacy, entries, dead: [...legacy.dead, ...refused] }, raw: legacy, meta: undefined };
  }
  const items = await g.get(meta.order.map((id) => ENTRY + id));
  const pick = (from: Record<string, unknown>) => meta.order.map((id) => from[ENTRY + id] as Stored | undefined).filter((e): e is Stored => !!e);
  const found = pick(items.values);
  if (rebuilt) found.sort((a, b) => a.enqueuedAt - b.enqueuedAt);
  const { order: _o, dead, ...rest } = meta;
  const { entries, refused } = await sort(found, checks);
  const notOurs = pick(items.suspect).map(({ mac: _m, ...e }) => unverified(e as OutboxEntry));
  const raw = { ...EMPTY_OUTBOX, ...rest, dead, entries: found.map(({ mac: _m, ...e }) => e as OutboxEntry) };
  // A rebuilt index is not what storage holds: the next save writes the whole outbox anew.
  return { state: { ...raw, entries, dead: [...dead, ...refused, ...notOurs] }, raw, meta: rebuilt ? undefined : meta };
}

/**
 * The outbox as stored; `raw` is what the items hold (to know what a save changes). Writes the
 * checks do not accept are moved to the refused list (the next save stores that).
 */
async function read(checks?: EntryChecks): Promise<Read> {
  const g = localGuard();
  // Pages too (no signature checks there): the popup lists no write the background would not send.
  if (g) return readChecked(g, checks);
  const stored = await local().get([META, LEGACY]);
  const meta = stored[META] as Meta | undefined;
  if (!meta) {
    // Written by a version that kept the whole queue in one item: read as it is, rewritten on save.
    const legacy = { ...EMPTY_OUTBOX, ...((stored[LEGACY] as OutboxState | undefined) ?? EMPTY_OUTBOX) };
    const { entries, refused } = await sort(legacy.entries, checks);
    return { state: { ...legacy, entries, dead: [...legacy.dead, ...refused] }, raw: legacy, meta: undefined };
  }
  const keys = meta.order.map((id) => ENTRY + id);
  const items = keys.length ? await local().get(keys) : {};
  const { order, dead, ...rest } = meta;
  const found = order.map((id) => items[ENTRY + id] as Stored | undefined).filter((e): e is Stored => !!e);
  const { entries, refused } = await sort(found, checks);
  const raw = { ...EMPTY_OUTBOX, ...rest, dead, entries: found.map(({ mac: _m, ...e }) => e as OutboxEntry) };
  return { state: { ...raw, entries, dead: [...dead, ...refused] }, raw, meta };
}

/**
 * The outbox's load and save over the per-write layout, for the background's one outbox. With
 * `checks`, each pending write is stored signed, and one whose signature fails is not sent.
 */
export function outboxStore(checks?: EntryChecks) {
  /** What is stored now, as last read or written: a save writes only what differs from it. */
  let known: Map<string, string> | null = null;

  const snapshot = (state: OutboxState, meta: Meta) => {
    const items = new Map<string, string>([[META, JSON.stringify(meta)]]);
    for (const e of state.entries) items.set(ENTRY + e.id, JSON.stringify(e));
    return items;
  };

  /** Reads the outbox, and what its items hold (what a save compares with). */
  async function refresh(): Promise<{ state: OutboxState; raw: OutboxState }> {
    const { state, raw, meta } = await read(checks);
    known = meta ? snapshot(raw, meta) : null;
    return { state, raw };
  }

  async function load(): Promise<OutboxState> {
    const { state, raw } = await refresh();
    // Writes refused by the checks are stored as refused at once: pages show them so too.
    if (state.dead.length !== raw.dead.length) await save(state);
    return state;
  }

  async function save(state: OutboxState): Promise<void> {
    if (!known) await refresh();
    const meta = split(state);
    const next = snapshot(state, meta);
    const changed: Record<string, unknown> = {};
    for (const [key, json] of next) {
      if (known?.get(key) === json) continue;
      const value = JSON.parse(json) as OutboxEntry;
      changed[key] = checks && key.startsWith(ENTRY) ? { ...value, mac: await checks.sign(value) } : value;
    }
    const gone = [...(known?.keys() ?? [])].filter((key) => !next.has(key));
    // A write delivered or withdrawn goes before the index stops naming it: a worker stopped in
    // between leaves an index naming nothing (read as gone), never an item no index names, which
    // an index rebuilt from the ledger (Firefox) would send again. A refused write is moved into
    // the index's refused list first, so that a stop loses none.
    const refused = new Set(state.dead.map((d) => ENTRY + d.id));
    const first = gone.filter((key) => key.startsWith(ENTRY) && !refused.has(key));
    const after = gone.filter((key) => !key.startsWith(ENTRY) || refused.has(key));
    // Through the ledger in Firefox: what the background writes here is what it trusts next time.
    if (first.length) await (localGuard() ?? local()).remove(first);
    if (Object.keys(changed).length) await (localGuard() ?? local()).set(changed);
    if (after.length) await (localGuard() ?? local()).remove(after);
    if (!known) await (localGuard() ?? local()).remove(LEGACY);
    known = next;
  }

  return { load, save };
}

/** The outbox as pages read it (the popup's queued marks and refused list), kept current. */
export const outboxView: StorageItem<OutboxState> = {
  key: 'local:outboxMeta',
  getValue: async () => (await read()).state,
  setValue: async () => {
    throw new Error('The outbox is written by the background only');
  },
  watch(callback) {
    const listener = (changes: Record<string, unknown>, area: string) => {
      if (area === 'local' && Object.keys(changes).some((k) => k === META || k.startsWith(ENTRY) || k === LEGACY)) void read().then((r) => callback(r.state));
    };
    browser.storage.onChanged.addListener(listener);
    return () => browser.storage.onChanged.removeListener(listener);
  },
};
