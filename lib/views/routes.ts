// The options page's views and the address that names one (#contacts), so a view can be linked
// and reloaded. Before a key is saved only Settings is offered.

const VIEW_IDS = ['overview', 'invitations', 'contacts', 'agents', 'emails', 'letters', 'blocklist', 'meetings', 'settings'] as const;
export type ViewId = (typeof VIEW_IDS)[number];

/** The view an address names, among those offered; the first offered one otherwise. */
export function viewFromHash(hash: string, offered: readonly ViewId[]): ViewId {
  const id = hash.replace(/^#\/?/, '').split(/[/?]/)[0] as ViewId;
  return offered.includes(id) ? id : offered[0]!;
}

/** The views offered: everything once a key is saved, else Settings alone. */
export const offeredViews = (configured: boolean): readonly ViewId[] => (configured ? VIEW_IDS : ['settings']);

/** The queue an address names inside a view (`#emails/replies` → `replies`): the view opens on its first item. */
export const queueFromHash = (hash: string): string | undefined => hash.replace(/^#\/?/, '').split(/[/?]/)[1] || undefined;
