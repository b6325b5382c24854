/** The parts of runtime.MessageSender the background looks at. */
export interface SenderInfo {
  id?: string | undefined;
  url?: string | undefined;
  origin?: string | undefined;
  frameId?: number | undefined;
  tab?: { id?: number | undefined; url?: string | undefined } | undefined;
}

/** Only the extension's own pages may ask: same id, and a URL on the extension's origin. */
export function checkSender(
  sender: SenderInfo,
  self: { extensionId: string; extensionOrigin: string },
): boolean {
  if (sender.id !== self.extensionId) return false;
  const origin = self.extensionOrigin.replace(/\/+$/, '');
  return typeof sender.url === 'string' && (sender.url === origin || sender.url.startsWith(`${origin}/`));
}
