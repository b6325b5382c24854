// The page side of the protocol: no zod here, so pages stay small.
// The replies' types come from the background's handlers through messaging/replies.ts, which
// imports nothing of the background's: none of its code reaches a page's bundle.
import type { SerializedApiError } from '../api/errors';
import type { AnyRequest, RequestType } from './protocol';
import type { ContentReplyMap, PageReplyMap } from './replies';

export type { WriteReceipt } from '../outbox/state';

/** The reply to each request, by type, as the background's handlers produce it. */
export type ResponseData = {
  [K in RequestType]: K extends keyof PageReplyMap ? PageReplyMap[K] : K extends keyof ContentReplyMap ? ContentReplyMap[K] : never;
};

/** What the in-page panel and the desk are told of the invitation at hand. */
export type PanelView = ResponseData['panelView'];
/** What the options page is told of the key and the service's address. */
export type CredentialsInfo = ResponseData['getCredentials'];

export type Reply<T> = { ok: true; data: T } | { ok: false; error: SerializedApiError };

/** The error a page receives when the background answered with a failure. */
export class RequestFailed extends Error {
  constructor(readonly error: SerializedApiError) {
    super(error.message);
    this.name = 'RequestFailed';
  }
}

type Sender = (message: unknown) => Promise<unknown>;

/** Asks the background one request of the protocol: its reply, typed by the request. */
export type Ask = <T extends RequestType>(request: Extract<AnyRequest, { type: T }>) => Promise<ResponseData[T]>;

/** Asks the background; resolves with its data or rejects with RequestFailed. */
export async function ask<T extends RequestType>(send: Sender, request: Extract<AnyRequest, { type: T }>): Promise<ResponseData[T]> {
  let reply: unknown;
  try {
    reply = await send(request);
  } catch (error) {
    // The background stopped (or restarted) before answering: the request may have been handled.
    throw new RequestFailed({ kind: 'no-answer', message: String(error) });
  }
  const r = reply as Reply<ResponseData[T]> | undefined;
  if (!r || typeof r !== 'object') throw new RequestFailed({ kind: 'no-answer', message: 'No answer from the extension' });
  if (!r.ok) throw new RequestFailed(r.error);
  return r.data;
}
