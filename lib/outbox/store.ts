// Where the outbox lives in storage: one small item per write (`outboxEntry:<id>`) and one for the
// rest (order, refused list, budget, flags), so storing a write, or the answer to one, rewrites
// that write's item and a small index, never the whole queue. The outbox itself still sees one
// OutboxState (load/save): this module only decides the layout, and reads an older single item.
import { browser } from 'wxt/browser';
import type { StorageItem } from '../storage-item';
import { EMPTY_OUTBOX, type DeadEntry, type OutboxEntry, type OutboxState } from './outbox';

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

async function read(): Promise<{ state: OutboxState; meta: Meta | undefined }> {
  const stored = await local().get([META, LEGACY]);
  const meta = stored[META] as Meta | undefined;
  if (!meta) {
    // Written by a version that kept the whole queue in one item: read as it is, rewritten on save.
    const legacy = (stored[LEGACY] as OutboxState | undefined) ?? EMPTY_OUTBOX;
    return { state: { ...EMPTY_OUTBOX, ...legacy }, meta: undefined };
  }
  const keys = meta.order.map((id) => ENTRY + id);
  const entries = keys.length ? await local().get(keys) : {};
  const { order, dead, ...rest } = meta;
  return {
    state: { ...EMPTY_OUTBOX, ...rest, dead, entries: order.map((id) => entries[ENTRY + id] as OutboxEntry | undefined).filter((e): e is OutboxEntry => !!e) },
    meta,
  };
}

/** The outbox's load and save over the per-write layout, for the background's one outbox. */
export function outboxStore() {
  /** What is stored now, as last read or written: a save writes only what differs from it. */
  let known: Map<string, string> | null = null;

  const snapshot = (state: OutboxState, meta: Meta) => {
    const items = new Map<string, string>([[META, JSON.stringify(meta)]]);
    for (const e of state.entries) items.set(ENTRY + e.id, JSON.stringify(e));
    return items;
  };

  async function load(): Promise<OutboxState> {
    const { state, meta } = await read();
    known = meta ? snapshot(state, meta) : null;
    return state;
  }

  async function save(state: OutboxState): Promise<void> {
    if (!known) await load();
    const meta = split(state);
    const next = snapshot(state, meta);
    const changed: Record<string, unknown> = {};
    for (const [key, json] of next) if (known?.get(key) !== json) changed[key] = JSON.parse(json);
    const gone = [...(known?.keys() ?? [])].filter((key) => !next.has(key));
    if (Object.keys(changed).length) await local().set(changed);
    if (gone.length) await local().remove(gone);
    if (!known) await local().remove(LEGACY);
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
