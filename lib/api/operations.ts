// The one table of the service's operations used by the extension. Methods the spec
// does not state are chosen here and only here (see docs/api-assumptions.md). Request schemas
// live in lib/api/schemas.ts (network actions) and lib/api/schemas/<area>.ts (the account).
import type { ZodMiniType } from 'zod/mini';
import { listActionsQuerySchema, markBodySchema, messageBodySchema } from './schemas';
import { agentStatsQuerySchema } from './schemas/agents';
import { addBlocklistBodySchema, listBlocklistQuerySchema, removeBlocklistQuerySchema } from './schemas/blocklist';
import { hashedIdSchema } from './schemas/common';
import { addContactBodySchema, listContactsQuerySchema } from './schemas/contacts';
import {
  emailsToHandleQuerySchema,
  emailsToValidateQuerySchema,
  listEmailsQuerySchema,
  validateEmailBodySchema,
  validateResponseBodySchema,
} from './schemas/emails';
import { lettersToValidateQuerySchema, listLettersQuerySchema, validateLetterBodySchema } from './schemas/letters';
import { calendarEventsQuerySchema } from './schemas/meetings';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Which request budget an operation spends (reported on the options page). */
type RequestCategory = 'read' | 'write' | 'verify';

/**
 * How to make one request. What its answer means is for the code that shows it to decide (its
 * reader), so that pages can read bodies the background never parses.
 */
export interface Operation<Query, Body> {
  method: HttpMethod;
  /** Tried once when the service answers 405 to `method`. */
  alternateMethod: HttpMethod;
  /** `api` is {base}/api/api, `network` is {base}/api/network (or its network-named twin). */
  area: 'api' | 'network';
  path: string;
  pathParams: Record<string, ZodMiniType<string>>;
  query?: ZodMiniType<Query> | undefined;
  body?: ZodMiniType<Body> | undefined;
  /** The part of the request budget it spends. */
  category: RequestCategory;
}

type Params = Record<string, ZodMiniType<string>>;

/**
 * One operation, its fields in a row (the table below is 27 of them: a call is fewer bytes in the
 * background than an object written out). Each `{name}` of the path is an identifier (an action's
 * or a hashed id: the same check, lib/api/schemas/common.ts); the spec writes agent_id for operations
 * 3 and 4 and agentId elsewhere: one name for callers. A GET reads; any other method writes.
 */
function op<Q = undefined, B = undefined>(
  method: HttpMethod,
  alternateMethod: HttpMethod,
  path: string,
  query?: ZodMiniType<Q>,
  body?: ZodMiniType<B>,
  area: Operation<Q, B>['area'] = 'api',
): Operation<Q, B> {
  const pathParams: Params = {};
  for (const [, name] of path.matchAll(/\{(\w+)\}/g)) pathParams[name!] = hashedIdSchema;
  return { method, alternateMethod, area, path, pathParams, query, body, category: method === 'GET' ? 'read' : 'write' };
}

/** A read: GET, asked again with POST on a 405. */
const read = <Q = undefined>(path: string, query?: ZodMiniType<Q>, area?: Operation<Q, undefined>['area']) =>
  op<Q>('GET', 'POST', path, query, undefined, area);

/** A write: POST, asked again with PUT on a 405. */
const write = <B = undefined>(path: string, body?: ZodMiniType<B>, area?: Operation<undefined, B>['area']) =>
  op<undefined, B>('POST', 'PUT', path, undefined, body, area);

export const operations = {
  /** Spec 000, operation 1. */
  account: { ...read('/me'), category: 'verify' as const },
  /** Spec 000, operation 2 (GET stated: a 405 is asked again with GET, never another method). */
  listContacts: op('GET', 'GET', '/contacts', listContactsQuerySchema),
  /** Spec 000, operation 3 (written with `campaigns` only). */
  addContact: write('/campaigns/{agentId}/contacts', addContactBodySchema),
  /** Spec 000, operation 4 (GET stated; written with `campaigns` only). */
  agentSettings: op('GET', 'GET', '/campaigns/{agentId}/settings'),
  /** Spec 000, operation 5. */
  blockContact: write('/contacts/{leadId}/block'),
  /** Spec 000, operation 6 (alias /campaigns/{agentId}/stats). */
  agentStats: read('/agents/{agentId}/stats', agentStatsQuerySchema),
  /** Spec 000, operation 7 (400 for older agents). */
  agentReflexes: read('/agents/{agentId}/reflexes'),
  /** Spec 000, operation 8. */
  listEmails: read('/emails', listEmailsQuerySchema),
  /** Spec 000, operation 9. */
  emailsToValidate: read('/emails/to-validate', emailsToValidateQuerySchema),
  /** Spec 000, operation 10. */
  emailsToHandle: read('/emails/to-handle', emailsToHandleQuerySchema),
  /** Spec 000, operation 11. */
  validateEmail: write('/emails/validate/{leadId}', validateEmailBodySchema),
  /** Spec 000, operation 12. */
  rejectEmail: write('/emails/reject/{leadId}'),
  /** Spec 000, operation 13 (validate as is, or edit with `content`; `cc` adds a forwarding copy). */
  validateResponse: write('/emails/validate-response/{emailId}', validateResponseBodySchema),
  /** Spec 000, operation 14. */
  skipResponse: write('/emails/skip-response/{emailId}'),
  /** Spec 000, operation 15. */
  listLetters: read('/letters', listLettersQuerySchema),
  /** Spec 000, operation 16. */
  lettersToValidate: read('/letters/to-validate', lettersToValidateQuerySchema),
  /** Spec 000, operation 17. */
  validateLetter: write('/letters/validate/{letterId}', validateLetterBodySchema),
  /** Spec 000, operation 18. */
  rejectLetter: write('/letters/reject/{letterId}'),
  /** Spec 000, operation 19 (GET stated: a 405 is asked again with GET; POST here would add). */
  listBlocklist: op('GET', 'GET', '/blocklist', listBlocklistQuerySchema),
  /** Spec 000, operation 20. */
  addToBlocklist: write('/blocklist', addBlocklistBodySchema),
  /**
   * Spec 000, operation 21: the same path as adding, so never POST or PUT (which may add what was
   * to be removed); `id` or `value` in the query, which a DELETE always carries.
   */
  removeFromBlocklist: op('DELETE', 'PATCH', '/blocklist', removeBlocklistQuerySchema),
  /** Spec 000, operation 22 (alias /campaigns/{campaignId}/calendar-events). */
  calendarEvents: read('/agents/{agentId}/calendar-events', calendarEventsQuerySchema),
  /** Spec 000, operation 23. */
  listActions: read('/actions', listActionsQuerySchema, 'network'),
  /** Spec 000, operation 24. */
  markSent: write('/actions/{actionId}/sent', markBodySchema, 'network'),
  /** Spec 000, operation 25. */
  updateMessage: op('PUT', 'POST', '/actions/{actionId}/message', undefined, messageBodySchema, 'network'),
  /** Spec 000, operation 26. */
  markFailed: write('/actions/{actionId}/failed', markBodySchema, 'network'),
  /** Spec 000, operation 27. */
  weeklyStats: read('/weekly-stats', undefined, 'network'),
};

type Operations = typeof operations;
export type OperationName = keyof Operations;
export type OpQuery<N extends OperationName> = Operations[N] extends Operation<infer Q, unknown> ? Q : never;
export type OpBody<N extends OperationName> = Operations[N] extends Operation<unknown, infer B> ? B : never;
