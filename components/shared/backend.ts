import { createContext } from 'preact';
import { ask, type ResponseData } from '../../lib/messaging/ask';
import type { AnyRequest, RequestType } from '../../lib/messaging/protocol';

/** How components reach the background; tests give their own. */
export interface Backend {
  ask<T extends RequestType>(request: Extract<AnyRequest, { type: T }>): Promise<ResponseData[T]>;
  /** Asks for host access to the service's origin (must run inside the click that saves). */
  requestOrigin(pattern: string): Promise<boolean>;
  /** Opens the options page, at one of its views when named ("emails"). */
  openOptions(view?: string): void;
}

/** What the in-page panel and the note editor need of the background: asking it. */
export type PageBackend = Pick<Backend, 'ask'>;

export function messagingBackend(browserApi: {
  runtime: { sendMessage(m: unknown): Promise<unknown>; openOptionsPage(): Promise<void>; getURL(path: string): string };
  permissions: { request(p: { origins: string[] }): Promise<boolean> };
  tabs: { create(p: { url: string }): Promise<unknown> };
}): Backend {
  return {
    ask: (request) => ask((m) => browserApi.runtime.sendMessage(m), request),
    requestOrigin: (pattern) => browserApi.permissions.request({ origins: [pattern] }),
    openOptions: (view) =>
      void (view ? browserApi.tabs.create({ url: browserApi.runtime.getURL(`/options.html#${view}`) }) : browserApi.runtime.openOptionsPage()),
  };
}

export const BackendContext = createContext<Backend | null>(null);
