// The page side of the protocol: no zod here, so pages stay small.
import type { SerializedApiError } from '../api/errors';
import type { Account, NetworkAction, WeeklyStats } from '../api/schemas';
import type { Pace } from '../pace';
import type { RateStatus } from '../rate-status';
import type { AnyRequest, RequestType } from './protocol';


export interface CredentialsInfo {
  baseUrl: string;
  hasKey: boolean;
  /** The key's last four characters, so a person can tell keys apart without seeing one. */
  keyHint: string | null;
}

/** How a write stands once asked for: taken by the service, or stored and waiting its turn. */
export type WriteReceipt = { state: 'saved' } | { state: 'queued'; reason?: string | undefined };

export interface ResponseData {
  refresh: null;
  saveNote: WriteReceipt;
  markSent: WriteReceipt;
  markFailed: WriteReceipt;
  retryWrite: null;
  getRateStatus: RateStatus;
  discardWrite: null;
  openProfile: null;
  saveCredentials: CredentialsInfo;
  getCredentials: CredentialsInfo;
  verifyKey: Account;
  saveSettings: null;
  getWeeklyStats: WeeklyStats;
  profileSeen: { panel: boolean };
  panelView: PanelView;
  markAssisted: WriteReceipt;
  openNext: { opened: boolean };
  weeklyLimitReached: null;
}

/** What the in-page panel shows: never the key, never the service's address. */
export interface PanelView {
  /** The profile the tab shows, as the background read it from the sender (null: not a profile). */
  slug: string | null;
  action: NetworkAction | null;
  autoSend: boolean;
  pace: Pace;
  /** The page said the weekly invitation limit is reached: no assisted sends this session. */
  paused: boolean;
  hasNext: boolean;
}

export type Reply<T> = { ok: true; data: T } | { ok: false; error: SerializedApiError };

/** The error a page receives when the background answered with a failure. */
export class RequestFailed extends Error {
  constructor(readonly error: SerializedApiError) {
    super(error.message);
    this.name = 'RequestFailed';
  }
}

type Sender = (message: unknown) => Promise<unknown>;

/** Asks the background; resolves with its data or rejects with RequestFailed. */
export async function ask<T extends RequestType>(
  send: Sender,
  request: Extract<AnyRequest, { type: T }>,
): Promise<ResponseData[T]> {
  let reply: unknown;
  try {
    reply = await send(request);
  } catch (error) {
    throw new RequestFailed({ kind: 'network', message: String(error) });
  }
  const r = reply as Reply<ResponseData[T]> | undefined;
  if (!r || typeof r !== 'object') throw new RequestFailed({ kind: 'invalid-response', message: 'No answer from the extension' });
  if (!r.ok) throw new RequestFailed(r.error);
  return r.data;
}
