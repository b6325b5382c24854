// The typed errors of every call to the service and of the extension's own refusals, and their
// serialized form (what crosses messaging and what a refused write keeps). Over 250 lines: one
// class per kind, each with what its sentence needs, kept together so the kinds are one list.
import type { RateLimitSnapshot } from './rate-limit-headers';

/** What kind of failure happened; the UI picks its sentence from this. */
export type ApiErrorKind =
  | 'unauthorized'
  | 'agent-paused'
  | 'agent-cancelled'
  | 'validation'
  | 'rate-limited'
  | 'not-found'
  | 'server'
  | 'network'
  | 'timeout'
  | 'invalid-response'
  /** An answer larger than the client reads (2 MB): refused, not parsed. */
  | 'too-large'
  | 'invalid-request'
  | 'service'
  | 'not-configured'
  | 'permission'
  | 'vault'
  /** The extension's own background did not answer (it stopped mid-request): not the service's fault. */
  | 'no-answer'
  /** A fault in the extension's own code (an exception no one expected): never the service's refusal. */
  | 'internal'
  /**
   * The service refused a mark or a note because the invitation is no longer ready, and reading it
   * again told what became of it (`found`): handled from another browser, or elsewhere.
   */
  | 'handled-elsewhere'
  /** A note not sent: the service's note changed since the editor opened (`notes`: the person's and the service's). */
  | 'note-changed'
  /** A validation not sent: the email or letter changed on the service since the person saw it. */
  | 'seen-changed';

/** A failure of a call to the service, carrying what a person needs to understand it. */
export class ApiError extends Error {
  /**
   * @param message the technical detail (shown behind "Details", never as the sentence)
   * @param said the service's own words when they are a short plain sentence fit to show a person
   */
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status?: number,
    readonly said?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** A plain object that survives structured cloning across extension messaging. */
  toJSON(): SerializedApiError {
    return { kind: this.kind, message: this.message, status: this.status, said: this.said };
  }
}

export interface SerializedApiError {
  kind: ApiErrorKind;
  /** The technical detail: for "Details" only. */
  message: string;
  status?: number | undefined;
  /** The service's words, short and plain (never an HTML page): the sentence may quote them. */
  said?: string | undefined;
  fields?: Record<string, string> | undefined;
  /** A 422's `missing_fields` and `invalid_fields`, by name. */
  missingFields?: string[] | undefined;
  invalidFields?: string[] | undefined;
  retryAfterSeconds?: number | undefined;
  /** The origin a missing permission is for: the sentence names it. */
  origin?: string | undefined;
  /** A 404's thing acted on, from the operation (its sentence names it, not an invitation for an email). */
  about?: NotFoundAbout | undefined;
  /** What was refused before sending: the field, why, and for 'too-long' the most it may hold. */
  request?: { field: string; problem: RequestProblem; limit?: number | undefined } | undefined;
  /** For 'handled-elsewhere': what the service's list says of the invitation now. */
  found?: HandledFinding | undefined;
  /** For 'note-changed': the note not sent, the one the service holds now, and the refused write. */
  notes?: NoteConflict | undefined;
}

/** Two notes of one invitation: the person's (not sent) and the service's now (`entryId`: the refused write). */
export interface NoteConflict {
  mine: string | null;
  theirs: string | null;
  entryId?: string | undefined;
}

/**
 * What the actions' list (spec 000 op 23) tells of an invitation no longer ready: listed as sent or
 * failed (`at` and `browser` when the record says them: its time, its mark's metadata), or listed
 * neither way (`gone`: no longer ready, and nothing more is known). `person`: whom the write names.
 */
export interface HandledFinding {
  state: 'sent' | 'failed' | 'gone';
  at?: string | undefined;
  browser?: string | undefined;
  person?: string | undefined;
  /** Marked so after the person's own mark was taken (a later mark replaced it), not before. */
  after?: boolean | undefined;
}

/** Why a parameter was refused before sending: the sentence says what to change. */
export type RequestProblem = 'too-long' | 'empty' | 'malformed';

/** An error of one kind, with its status fixed or given (`new ServerError(message, 503)`). */
const plain = (kind: ApiErrorKind, fixed?: number) =>
  class extends ApiError {
    constructor(message: string, status = fixed, said?: string) {
      super(kind, message, status, said);
    }
  };

export const UnauthorizedError = plain('unauthorized', 401);

export class AgentStateError extends ApiError {
  constructor(
    readonly agentState: 'paused' | 'cancelled',
    message: string,
  ) {
    super(agentState === 'paused' ? 'agent-paused' : 'agent-cancelled', message, 403);
  }
}

export class ValidationError extends ApiError {
  constructor(
    message: string,
    readonly validationErrors: Record<string, string>,
    readonly missingFields: string[],
    readonly invalidFields: string[],
    status = 422,
    said?: string,
  ) {
    super('validation', message, status, said);
  }
  override toJSON(): SerializedApiError {
    return { ...super.toJSON(), fields: this.validationErrors, missingFields: this.missingFields, invalidFields: this.invalidFields };
  }
}

/** The service refused a write because the invitation is no longer ready; what reading it again found. */
export class HandledElsewhereError extends ApiError {
  constructor(
    readonly found: HandledFinding,
    message: string,
    status?: number,
  ) {
    super('handled-elsewhere', message, status);
  }
  override toJSON(): SerializedApiError {
    return { ...super.toJSON(), found: this.found };
  }
}

/** A note not sent because the service's note changed since the editor opened it (lib/background/note-check.ts). */
export class NoteChangedError extends ApiError {
  constructor(readonly notes: NoteConflict) {
    super('note-changed', 'The note changed on the service since it was opened');
  }
  override toJSON(): SerializedApiError {
    return { ...super.toJSON(), notes: this.notes };
  }
}

/** A validation not sent: what the service holds now is not what the person saw (lib/background/seen-check.ts). */
export class SeenChangedError extends ApiError {
  constructor() {
    super('seen-changed', 'The record changed on the service since it was shown');
  }
}

/** An error as a refused write keeps it, made an error again (a 422 keeps its fields). */
export function revive(e: SerializedApiError): ApiError {
  if (e.kind === 'not-found') return new NotFoundError(e.message, e.about);
  if (e.kind === 'validation') return new ValidationError(e.message, e.fields ?? {}, e.missingFields ?? [], e.invalidFields ?? [], e.status, e.said);
  if (e.kind === 'handled-elsewhere' && e.found) return new HandledElsewhereError(e.found, e.message, e.status);
  if (e.kind === 'note-changed' && e.notes) return new NoteChangedError(e.notes);
  return new ApiError(e.kind, e.message, e.status, e.said);
}

export class RateLimitedError extends ApiError {
  constructor(
    message: string,
    status: number,
    readonly retryAfterSeconds: number | undefined,
    readonly rateLimit: RateLimitSnapshot | undefined,
  ) {
    super('rate-limited', message, status);
  }
  override toJSON(): SerializedApiError {
    return { ...super.toJSON(), retryAfterSeconds: this.retryAfterSeconds };
  }
}

/** What a 404 was about: the record its operation's path names. */
export type NotFoundAbout = 'invitation' | 'email' | 'reply' | 'letter' | 'contact' | 'agent' | 'entry' | 'other';

export class NotFoundError extends ApiError {
  constructor(
    message: string,
    readonly about: NotFoundAbout = 'invitation',
  ) {
    super('not-found', message, 404);
  }
  override toJSON(): SerializedApiError {
    return { ...super.toJSON(), about: this.about };
  }
}

export const ServerError = plain('server');

/** The service answered 2xx with its success indicator false, or another 4xx. */
export const ServiceError = plain('service');

export const NetworkError = plain('network');

export class TimeoutError extends ApiError {
  constructor(readonly timeoutMs: number) {
    super('timeout', `No answer within ${Math.round(timeoutMs / 1000)} s`);
  }
}

export const InvalidResponseError = plain('invalid-response');

export class TooLargeError extends ApiError {
  constructor(maxBytes: number, status?: number, declared?: number) {
    const size = declared === undefined ? 'more' : `${declared} bytes`;
    super('too-large', `The answer (${size}) is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB the extension reads: it was not read`, status);
  }
}

/** A parameter was refused before anything was sent; `message` is the technical detail. */
export class InvalidRequestError extends ApiError {
  constructor(
    message: string,
    readonly field: string,
    readonly problem: RequestProblem = 'malformed',
    readonly limit?: number,
  ) {
    super('invalid-request', message);
  }
  override toJSON(): SerializedApiError {
    return { ...super.toJSON(), fields: { [this.field]: this.message }, request: { field: this.field, problem: this.problem, limit: this.limit } };
  }
}

export class NotConfiguredError extends ApiError {
  constructor() {
    super('not-configured', 'No service address or API key is set');
  }
}

export class PermissionMissingError extends ApiError {
  constructor(readonly origin: string) {
    super('permission', `No host permission for ${origin}`);
  }
  override toJSON(): SerializedApiError {
    return { ...super.toJSON(), origin: this.origin };
  }
}

/**
 * Any thrown value as a serializable error, so nothing reaches the UI as "[object Object]". An
 * exception that is not an ApiError is the extension's own fault, never a refusal by the service.
 */
export function serializeError(error: unknown): SerializedApiError {
  if (error instanceof ApiError) return error.toJSON();
  return { kind: 'internal', message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
}

/** The extension's own key storage (IndexedDB) failed: the key may be there, but it cannot be read now. */
export class VaultError extends ApiError {
  constructor(message: string) {
    super('vault', message);
    this.name = 'VaultError';
  }
}
