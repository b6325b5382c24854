/** The parts of runtime.MessageSender the background looks at. */
export interface SenderInfo {
  id?: string | undefined;
  url?: string | undefined;
  origin?: string | undefined;
  frameId?: number | undefined;
  tab?: { id?: number | undefined; url?: string | undefined; windowId?: number | undefined } | undefined;
}

export type SenderKind = 'page' | 'content';

function isNetworkPage(url: string | undefined): boolean {
  if (!url) return false;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && (u.hostname === 'linkedin.com' || u.hostname.endsWith('.linkedin.com'));
  } catch {
    return false;
  }
}

/**
 * Who is asking: one of the extension's own pages (same id, a URL on the extension's origin),
 * or its content script in the top frame of a tab on the network's https origin. Anyone else: null.
 */
export function classifySender(sender: SenderInfo, self: { extensionId: string; extensionOrigin: string }): SenderKind | null {
  if (sender.id !== self.extensionId) return null;
  const origin = self.extensionOrigin.replace(/\/+$/, '');
  if (typeof sender.url === 'string' && (sender.url === origin || sender.url.startsWith(`${origin}/`))) return 'page';
  if (sender.tab?.id !== undefined && sender.frameId === 0 && isNetworkPage(sender.url)) return 'content';
  return null;
}
