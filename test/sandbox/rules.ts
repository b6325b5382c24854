// Rules shared by the account's operations: the 422 body, pagination, agent checks, masking.
import { Refusal, type Account, type SandboxAgent } from './state';
import type { AccountBook } from './records';

/** What a handler gets: the caller's account, the path's id, query, JSON body and sandbox time. */
export interface Call {
  account: Account;
  id: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
  now: number;
}

export interface Answer {
  status: number;
  body: unknown;
}

export const ok = (body: Record<string, unknown>, status = 200): Answer => ({ status, body: { success: true, ...body } });

/**
 * Collects validation problems into the spec's 422 body: `validation_errors` (field → message),
 * `missing_fields` and `invalid_fields`.
 */
export class Problems {
  readonly errors: Record<string, string> = {};
  readonly missing: string[] = [];
  readonly invalid: string[] = [];

  miss(field: string, message = `The ${field} field is required.`): this {
    this.errors[field] = message;
    this.missing.push(field);
    return this;
  }

  bad(field: string, message: string): this {
    this.errors[field] = message;
    this.invalid.push(field);
    return this;
  }

  get any(): boolean {
    return this.missing.length + this.invalid.length > 0;
  }

  refusal(): Refusal {
    return new Refusal(422, {
      success: false,
      message: 'The given data was invalid.',
      validation_errors: this.errors,
      missing_fields: this.missing,
      invalid_fields: this.invalid,
    });
  }

  check(): void {
    if (this.any) throw this.refusal();
  }
}

export const invalid = (field: string, message: string): Refusal => new Problems().bad(field, message).refusal();
export const notFound = (what: string): Refusal => new Refusal(404, { success: false, message: `${what} not found` });

export const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

export function newId(book: AccountBook, prefix: string): string {
  book.next += 1;
  return `${prefix}_${(0x3e8a1 + book.next * 7331).toString(36)}${book.next.toString(36)}`;
}

export function findAgent(account: Account, id: string): SandboxAgent {
  const agent = account.agents.find((a) => a.id === id);
  if (!agent) throw notFound('Agent');
  return agent;
}

/** Writes on a paused or cancelled agent are refused with 403 (spec 000, Agent states). */
export function assertWritable(account: Account, agentId: string | null): void {
  const status = account.agents.find((a) => a.id === agentId)?.status;
  if (status === 'paused') throw new Refusal(403, { success: false, message: 'Agent paused' });
  if (status === 'cancelled') throw new Refusal(403, { success: false, message: 'Agent cancelled' });
}

/** `agent_filter`, or its alias `campaign_filter` when it is absent. */
export const agentFilter = (query: URLSearchParams): string | null => query.get('agent_filter') ?? query.get('campaign_filter');

/** A boolean query parameter: true, 1, false, 0 (422 otherwise). */
export function flag(query: URLSearchParams, name: string): boolean {
  const raw = query.get(name);
  if (raw === null || raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  throw invalid(name, `The ${name} field must be true or false.`);
}

/** One of the allowed values, or null when absent (422 otherwise). */
export function oneOf<T extends string>(query: URLSearchParams, name: string, allowed: readonly T[]): T | null {
  const raw = query.get(name);
  if (raw === null || raw === '') return null;
  if (!(allowed as readonly string[]).includes(raw)) throw invalid(name, `The selected ${name} is invalid.`);
  return raw as T;
}

export interface PageMeta {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

const DEFAULT_PER_PAGE = 25;

/**
 * One page of `items`. per_page above `max` is refused with 422 where the spec states a maximum;
 * `clamp` lowers it to `max` instead where the spec leaves the maximum unstated.
 */
export function paginate<T>(items: T[], query: URLSearchParams, max: number, clamp = false): { data: T[]; meta: PageMeta } {
  const problems = new Problems();
  const page = intParam(query, 'page', 1, problems);
  let perPage = intParam(query, 'per_page', Math.min(DEFAULT_PER_PAGE, max), problems);
  if (perPage > max && clamp) perPage = max;
  else if (perPage > max) problems.bad('per_page', `The per_page field must be between 1 and ${max}.`);
  problems.check();
  const start = (page - 1) * perPage;
  return {
    data: items.slice(start, start + perPage),
    meta: { current_page: page, per_page: perPage, total: items.length, last_page: Math.max(1, Math.ceil(items.length / perPage)) },
  };
}

function intParam(query: URLSearchParams, name: string, fallback: number, problems: Problems): number {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    problems.bad(name, `The ${name} field must be an integer of at least 1.`);
    return fallback;
  }
  return value;
}

/** Pre-contact masking: every letter and digit becomes `x`, punctuation stays (spec 000, Events 4). */
export const mask = (value: string): string => value.replace(/[\p{L}\p{N}]/gu, 'x');

/** Lower case, accents folded: for searches and address slugs. */
export const fold = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * French-locale slug, as a PHP framework makes it: accents folded, œ and æ spelled out, characters
 * other than letters, digits, spaces and dashes dropped (O'Connor → oconnor), spaces → dashes.
 */
export const slug = (s: string): string =>
  fold(s.replace(/œ/g, 'oe').replace(/Œ/g, 'OE').replace(/æ/g, 'ae').replace(/Æ/g, 'AE').replace(/ß/g, 'ss'))
    .replace(/[^a-z0-9\s_-]/g, '')
    .replace(/[\s_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
