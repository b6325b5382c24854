// The one table of the service's operations used by the extension. Methods the spec
// does not state are chosen here and only here (see docs/api-assumptions.md).
import type { ZodMiniType } from 'zod/mini';
import { readAccount, readAck, readActionList, readWeeklyStats } from './reader';
import {
  actionIdSchema,
  listActionsQuerySchema,
  markBodySchema,
  messageBodySchema,
} from './schemas';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Which request budget an operation spends (reported on the options page). */
export type RequestCategory = 'read' | 'write' | 'verify';

export interface Operation<Query, Body, Result> {
  /** Number in spec 000. */
  spec: number;
  method: HttpMethod;
  /** Tried once when the service answers 405 to `method`. */
  alternateMethod: HttpMethod;
  /** `api` is {base}/api/api, `network` is {base}/api/network (or its network-named twin). */
  area: 'api' | 'network';
  path: string;
  pathParams: Record<string, ZodMiniType<string>>;
  query?: ZodMiniType<Query>;
  body?: ZodMiniType<Body>;
  read: (body: unknown) => Result;
  category: RequestCategory;
}

const none = {};
const actionId = { actionId: actionIdSchema };

function op<Q = undefined, B = undefined, R = unknown>(o: Operation<Q, B, R>): Operation<Q, B, R> {
  return o;
}

export const operations = {
  account: op({
    spec: 1, method: 'GET', alternateMethod: 'POST', area: 'api', path: '/me',
    pathParams: none, read: readAccount, category: 'verify',
  }),
  listActions: op({
    spec: 23, method: 'GET', alternateMethod: 'POST', area: 'network', path: '/actions',
    pathParams: none, query: listActionsQuerySchema, read: readActionList, category: 'read',
  }),
  markSent: op({
    spec: 24, method: 'POST', alternateMethod: 'PUT', area: 'network', path: '/actions/{actionId}/sent',
    pathParams: actionId, body: markBodySchema, read: readAck, category: 'write',
  }),
  updateMessage: op({
    spec: 25, method: 'PUT', alternateMethod: 'POST', area: 'network', path: '/actions/{actionId}/message',
    pathParams: actionId, body: messageBodySchema, read: readAck, category: 'write',
  }),
  markFailed: op({
    spec: 26, method: 'POST', alternateMethod: 'PUT', area: 'network', path: '/actions/{actionId}/failed',
    pathParams: actionId, body: markBodySchema, read: readAck, category: 'write',
  }),
  weeklyStats: op({
    spec: 27, method: 'GET', alternateMethod: 'POST', area: 'network', path: '/weekly-stats',
    pathParams: none, read: readWeeklyStats, category: 'read',
  }),
} as const;

export type Operations = typeof operations;
export type OperationName = keyof Operations;
export type OpQuery<N extends OperationName> = Operations[N] extends Operation<infer Q, unknown, unknown> ? Q : never;
export type OpBody<N extends OperationName> = Operations[N] extends Operation<unknown, infer B, unknown> ? B : never;
export type OpResult<N extends OperationName> = ReturnType<Operations[N]['read']>;
