import { createContext } from 'preact';
import { ask, RequestFailed, type ResponseData } from '../../lib/messaging/ask';
import { receiptFromOutbox, writeKey } from '../../lib/messaging/lost-answer';
import { outboxView } from '../../lib/outbox/store';
import type { AnyRequest, RequestType } from '../../lib/messaging/protocol';
import { canOpenDesk, deskWindowFrom, openDeskIn, type DeskApi, type WindowInfo } from '../../lib/desk/open';

/** How components reach the background; tests give their own. */
export interface Backend {
  ask<T extends RequestType>(request: Extract<AnyRequest, { type: T }>): Promise<ResponseData[T]>;
  /** Asks for host access to the service's origin (must run inside the click that saves). */
  requestOrigin(pattern: string): Promise<boolean>;
  /** Opens the options page, at one of its views when named ("emails"). */
  openOptions(view?: string): void;
  /**
   * Gets ready to open the desk in this page's window: the function to call inside the person's
   * click (lib/desk/open.ts), or null where the browser has no desk to open.
   */
  deskOpener?(): Promise<(() => Promise<void>) | null>;
}

/** What the in-page panel and the note editor need of the background: asking it. */
export type PageBackend = Pick<Backend, 'ask'>;

export function messagingBackend(
  browserApi: DeskApi & {
    runtime: { sendMessage(m: unknown): Promise<unknown>; openOptionsPage(): Promise<void>; getURL(path: string): string };
    permissions: { request(p: { origins: string[] }): Promise<boolean> };
    tabs: { create(p: { url: string }): Promise<unknown> };
    windows?: { getCurrent(): Promise<WindowInfo>; getLastFocused(filter: { windowTypes: ['normal'] }): Promise<WindowInfo> };
  },
): Backend {
  return {
    ask: async <T extends RequestType>(request: Extract<AnyRequest, { type: T }>): Promise<ResponseData[T]> => {
      const sentAt = Date.now();
      try {
        return await ask((m) => browserApi.runtime.sendMessage(m), request);
      } catch (error) {
        // The background stopped mid-request: a write it stored first is in the outbox, waiting,
        // or delivered or refused since.
        const key = error instanceof RequestFailed && error.error.kind === 'no-answer' ? writeKey(request) : undefined;
        const kept = key && receiptFromOutbox(await outboxView.getValue(), key, sentAt);
        if (!kept) throw error;
        if (kept.state === 'refused') throw new RequestFailed(kept.error);
        // writeKey names write requests only, whose answer is a WriteReceipt.
        return kept as ResponseData[T];
      }
    },
    requestOrigin: (pattern) => browserApi.permissions.request({ origins: [pattern] }),
    openOptions: (view) =>
      void (view ? browserApi.tabs.create({ url: browserApi.runtime.getURL(`/options.html#${view}`) }) : browserApi.runtime.openOptionsPage()),
    deskOpener: async () => {
      if (!browserApi.windows || !canOpenDesk(browserApi)) return null;
      // Known before the click: Chrome's side panel opens in a window, and the click allows no wait.
      const windows = browserApi.windows;
      const id = await deskWindowFrom(browserApi, await windows.getCurrent(), () => windows.getLastFocused({ windowTypes: ['normal'] }));
      return id === null ? null : () => openDeskIn(browserApi, id);
    },
  };
}

export const BackendContext = createContext<Backend | null>(null);
