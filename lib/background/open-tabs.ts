// Network tabs open when the extension is installed or updated: Chrome runs declared content
// scripts only in documents loaded afterwards, so the loader is injected into them here (the
// loader itself skips a second copy where the browser ran it too, as Firefox can on install).
import { NETWORK_ORIGIN } from '../extension/manifest';

/** The network tabs' ids, and the loader (entrypoints/loader.ts) run in one's top frame. */
export interface OpenTabs {
  query(url: string): Promise<{ id?: number | undefined }[]>;
  inject(tabId: number): Promise<unknown>;
}

/** Injects the loader into every open network tab; a tab that refuses (discarded, an error page) is left. Returns how many took it. */
export async function injectLoaderIntoOpenTabs(api: OpenTabs): Promise<number> {
  const tabs = await api.query(`${NETWORK_ORIGIN}/*`);
  const done = await Promise.all(
    tabs.map((tab) =>
      tab.id === undefined
        ? false
        : api.inject(tab.id).then(
            () => true,
            () => false,
          ),
    ),
  );
  return done.filter(Boolean).length;
}
