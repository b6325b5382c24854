// The one table of the service's operations used by the extension. Methods the spec
// does not state are chosen here and only here (see docs/api-assumptions.md).
import type { ZodMiniType } from 'zod/mini';
import { actionIdSchema, listActionsQuerySchema, markBodySchema, messageBodySchema } from './schemas';

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
