// Over 250 lines: it is a table, one entry per operation of the spec's 27.
// The one table of the service's operations used by the extension. Methods the spec
// does not state are chosen here and only here (see docs/api-assumptions.md). Request schemas
// live in lib/api/schemas.ts (network actions) and lib/api/schemas/<area>.ts (the account).
import type { ZodMiniType } from 'zod/mini';
import { actionIdSchema, listActionsQuerySchema, markBodySchema, messageBodySchema } from './schemas';
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
  query?: ZodMiniType<Query>;
  body?: ZodMiniType<Body>;
  /** The part of the request budget it spends. */
  category: RequestCategory;
}

const none = {};
const actionId = { actionId: actionIdSchema };
// The spec writes agent_id for operations 3 and 4 and agentId elsewhere: one name for callers.
const agentId = { agentId: hashedIdSchema };
const leadId = { leadId: hashedIdSchema };
const emailId = { emailId: hashedIdSchema };
const letterId = { letterId: hashedIdSchema };

function op<Q = undefined, B = undefined>(o: Operation<Q, B>): Operation<Q, B> {
  return o;
}

export const operations = {
  /** Spec 000, operation 1. */
  account: op({
    method: 'GET',
    alternateMethod: 'POST',
    area: 'api',
    path: '/me',
    pathParams: none,
    category: 'verify',
  }),
  /** Spec 000, operation 2 (GET stated: a 405 is asked again with GET, never another method). */
  listContacts: op({
    method: 'GET',
    alternateMethod: 'GET',
    area: 'api',
    path: '/contacts',
    pathParams: none,
    query: listContactsQuerySchema,
    category: 'read',
  }),
  /** Spec 000, operation 3 (written with `campaigns` only). */
  addContact: op({
    method: 'POST',
    alternateMethod: 'PUT',
    area: 'api',
    path: '/campaigns/{agentId}/contacts',
    pathParams: agentId,
    body: addContactBodySchema,
    category: 'write',
  }),
  /** Spec 000, operation 4 (GET stated; written with `campaigns` only). */
  agentSettings: op({
    method: 'GET',
    alternateMethod: 'GET',
    area: 'api',
    path: '/campaigns/{agentId}/settings',
    pathParams: agentId,
    category: 'read',
  }),
  /** Spec 000, operation 5. */
  blockContact: op({
    method: 'POST',
    alternateMethod: 'PUT',
    area: 'api',
    path: '/contacts/{leadId}/block',
    pathParams: leadId,
    category: 'write',
  }),
  /** Spec 000, operation 6 (alias /campaigns/{agentId}/stats). */
  agentStats: op({
    method: 'GET',
    alternateMethod: 'POST',
    area: 'api',
    path: '/agents/{agentId}/stats',
    pathParams: agentId,
    query: agentStatsQuerySchema,
    category: 'read',
  }),
  /** Spec 000, operation 7 (400 for older agents). */
  agentReflexes: op({
    method: 'GET',
    alternateMethod: 'POST',
    area: 'api',
    path: '/agents/{agentId}/reflexes',
    pathParams: agentId,
    category: 'read',
  }),
  /** Spec 000, operation 8. */
  listEmails: op({
    method: 'GET',
    alternateMethod: 'POST',
    area: 'api',
    path: '/emails',
    pathParams: none,
    query: listEmailsQuerySchema,
    category: 'read',
  }),
  /** Spec 000, operation 9. */
  emailsToValidate: op({
    method: 'GET',
    alternateMethod: 'POST',
    area: 'api',
    path: '/emails/to-validate',
    pathParams: none,
    query: emailsToValidateQuerySchema,
    category: 'read',
  }),
  /** Spec 000, operation 10. */
  emailsToHandle: op({
    method: 'GET',
    alternateMethod: 'POST',
    area: 'api',
    path: '/emails/to-handle',
    pathParams: none,
    query: emailsToHandleQuerySchema,
    category: 'read',
  }),
  /** Spec 000, operation 11. */
  validateEmail: op({
    method: 'POST',
    alternateMethod: 'PUT',
    area: 'api',
    path: '/emails/validate/{leadId}',
    pathParams: leadId,
    body: validateEmailBodySchema,
    category: 'write',
  }),
  /** Spec 000, operation 12. */
  rejectEmail: op({
    method: 'POST',
    alternateMethod: 'PUT',
    area: 'api',
    path: '/emails/reject/{leadId}',
    pathParams: leadId,
    category: 'write',
  }),
  /** Spec 000, operation 13 (validate as is, or edit with `content`; `cc` adds a forwarding copy). */
  validateResponse: op({
    method: 'POST',
    alternateMethod: 'PUT',
    area: 'api',
    path: '/emails/validate-response/{emailId}',
    pathParams: emailId,
    body: validateResponseBodySchema,
    category: 'write',
  }),
  /** Spec 000, operation 14. */
  skipResponse: op({
    method: 'POST',
    alternateMethod: 'PUT',
    area: 'api',
    path: '/emails/skip-response/{emailId}',
    pathParams: emailId,
    category: 'write',
  }),
  /** Spec 000, operation 15. */
  listLetters: op({
    method: 'GET',
    alternateMethod: 'POST',
    area: 'api',
    path: '/letters',
    pathParams: none,
    query: listLettersQuerySchema,
    category: 'read',
  }),
  /** Spec 000, operation 16. */
  lettersToValidate: op({
    method: 'GET',
    alternateMethod: 'POST',
    area: 'api',
    path: '/letters/to-validate',
    pathParams: none,
    query: lettersToValidateQuerySchema,
    category: 'read',
  }),
  /** Spec 000, operation 17. */
  validateLetter: op({
    method: 'POST',
    alternateMethod: 'PUT',
    area: 'api',
    path: '/letters/validate/{letterId}',
    pathParams: letterId,
    body: validateLetterBodySchema,
    category: 'write',
  }),
  /** Spec 000, operation 18. */
  rejectLetter: op({
    method: 'POST',
    alternateMethod: 'PUT',
    area: 'api',
    path: '/letters/reject/{letterId}',
    pathParams: letterId,
    category: 'write',
  }),
  /** Spec 000, operation 19 (GET stated: a 405 is asked again with GET; POST here would add). */
  listBlocklist: op({
    method: 'GET',
    alternateMethod: 'GET',
    area: 'api',
    path: '/blocklist',
    pathParams: none,
    query: listBlocklistQuerySchema,
    category: 'read',
  }),
  /** Spec 000, operation 20. */
  addToBlocklist: op({
    method: 'POST',
    alternateMethod: 'PUT',
    area: 'api',
    path: '/blocklist',
    pathParams: none,
    body: addBlocklistBodySchema,
    category: 'write',
  }),
  /**
   * Spec 000, operation 21: the same path as adding, so never POST or PUT (which may add what was
   * to be removed); `id` or `value` in the query, which a DELETE always carries.
   */
  removeFromBlocklist: op({
    method: 'DELETE',
    alternateMethod: 'PATCH',
    area: 'api',
    path: '/blocklist',
    pathParams: none,
    query: removeBlocklistQuerySchema,
    category: 'write',
  }),
  /** Spec 000, operation 22 (alias /campaigns/{campaignId}/calendar-events). */
  calendarEvents: op({
    method: 'GET',
    alternateMethod: 'POST',
    area: 'api',
    path: '/agents/{agentId}/calendar-events',
    pathParams: agentId,
    query: calendarEventsQuerySchema,
    category: 'read',
  }),
  /** Spec 000, operation 23. */
  listActions: op({
    method: 'GET',
    alternateMethod: 'POST',
    area: 'network',
    path: '/actions',
    pathParams: none,
    query: listActionsQuerySchema,
    category: 'read',
  }),
  /** Spec 000, operation 24. */
  markSent: op({
    method: 'POST',
    alternateMethod: 'PUT',
    area: 'network',
    path: '/actions/{actionId}/sent',
    pathParams: actionId,
    body: markBodySchema,
    category: 'write',
  }),
  /** Spec 000, operation 25. */
  updateMessage: op({
    method: 'PUT',
    alternateMethod: 'POST',
    area: 'network',
    path: '/actions/{actionId}/message',
    pathParams: actionId,
    body: messageBodySchema,
    category: 'write',
  }),
  /** Spec 000, operation 26. */
  markFailed: op({
    method: 'POST',
    alternateMethod: 'PUT',
    area: 'network',
    path: '/actions/{actionId}/failed',
    pathParams: actionId,
    body: markBodySchema,
    category: 'write',
  }),
  /** Spec 000, operation 27. */
  weeklyStats: op({
    method: 'GET',
    alternateMethod: 'POST',
    area: 'network',
    path: '/weekly-stats',
    pathParams: none,
    category: 'read',
  }),
} as const;

type Operations = typeof operations;
export type OperationName = keyof Operations;
export type OpQuery<N extends OperationName> = Operations[N] extends Operation<infer Q, unknown> ? Q : never;
export type OpBody<N extends OperationName> = Operations[N] extends Operation<unknown, infer B> ? B : never;
