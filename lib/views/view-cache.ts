// What the options page's views read, kept a few minutes so that moving between views, or back,
// spends no request (the service's budget is shared with polling, writes and its other tools).

/** How long a view's data is shown without asking again; Refresh asks at once. */
const VIEW_CACHE_MS = 3 * 60_000;

export interface Cached<T> {
  value: T;
  at: number;
}

/** A key that does not depend on the order the parameters were written in. */
export function cacheKey(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

export function createViewCache(now: () => number = Date.now, maxAgeMs = VIEW_CACHE_MS) {
  const entries = new Map<string, Cached<unknown>>();
  return {
    /** The value stored for this key while it is fresh. */
    fresh(key: string): Cached<unknown> | undefined {
      const hit = entries.get(key);
      return hit && now() - hit.at < maxAgeMs ? hit : undefined;
    },
    set(key: string, value: unknown): Cached<unknown> {
      const hit = { value, at: now() };
      entries.set(key, hit);
      return hit;
    },
    /** After a write: what was read before may no longer be true. */
    clear(): void {
      entries.clear();
    },
  };
}
