// Whole service shapes written from public conventions (issue 37, item 7): every one of the 27
// operations, its errors, empty lists and pages, answered as a service following the convention
// would, from the sandbox's own answers (resources.ts). `SANDBOX_SHAPE=jsonapi|odata|aip|hal|stripe`,
// or faults `{"shape": "jsonapi"}`. The requests stay the spec's (its paths, bodies and page words),
// and each shape also takes its convention's page words (page[number], $top/$skip, pageToken,
// Spring's 0-based page with size, Stripe's limit and starting_after/ending_before).
import { aipAnswer, aipError, aipRequest } from './aip';
import { halAnswer, halError, halRequest } from './hal';
import { jsonApiAnswer, jsonApiError, jsonApiRequest } from './jsonapi';
import { odataAnswer, odataError, odataRequest } from './odata';
import { isRow, toResources, type Row } from './resources';
import { stripeAnswer, stripeError, stripeRequest } from './stripe';

export const CONVENTION_SHAPES = ['jsonapi', 'odata', 'aip', 'hal', 'stripe'] as const;
export type ConventionShape = (typeof CONVENTION_SHAPES)[number];

export const isConvention = (shape: unknown): shape is ConventionShape => (CONVENTION_SHAPES as readonly unknown[]).includes(shape);

const MEDIA: Record<ConventionShape, string> = {
  jsonapi: 'application/vnd.api+json',
  odata: 'application/json;odata.metadata=minimal;odata.streaming=true;IEEE754Compatible=false;charset=utf-8',
  aip: 'application/json; charset=UTF-8',
  hal: 'application/hal+json',
  stripe: 'application/json',
};

export interface ConventionAnswer {
  status: number;
  contentType: string;
  /** The body's text; empty for a 204. */
  body: string;
  /** Headers the convention adds (a created record's Location). */
  headers?: Record<string, string>;
}

/** The sandbox's answer (its status and `{success, …}` body) as the convention writes it; `now` dates Spring's errors. */
export function conventionAnswer(
  shape: ConventionShape,
  route: string | undefined,
  status: number,
  body: unknown,
  url: URL,
  origin: string,
  now = 0,
): ConventionAnswer {
  const contentType = MEDIA[shape];
  const row: Row = isRow(body) ? body : {};
  if (status >= 300) {
    if (shape === 'hal') return { status, contentType: 'application/json', body: JSON.stringify(halError(status, row, url, new Date(now).toISOString())) };
    const error =
      shape === 'jsonapi'
        ? jsonApiError(status, row)
        : shape === 'odata'
          ? odataError(status, row)
          : shape === 'stripe'
            ? stripeError(status, row)
            : aipError(status, row);
    return { status, contentType, body: JSON.stringify(error) };
  }
  if ((shape === 'odata' || shape === 'hal') && route === 'removeBlocklist') return { status: 204, contentType, body: '' };
  const neutral = route ? toResources(route, body) : undefined;
  if (!neutral) return { status, contentType, body: JSON.stringify(body) };
  if (shape === 'hal') {
    const out = halAnswer(neutral, url, origin);
    return { status, contentType, body: JSON.stringify(out.body), ...(status === 201 && out.location ? { headers: { location: out.location } } : {}) };
  }
  if (shape === 'stripe') {
    const out = stripeAnswer(route!, neutral, url);
    return { status: out.status === 200 ? status : out.status, contentType, body: JSON.stringify(out.body) };
  }
  const out = shape === 'jsonapi' ? jsonApiAnswer(neutral, url) : shape === 'odata' ? odataAnswer(neutral, url, origin) : aipAnswer(neutral);
  return { status, contentType, body: JSON.stringify(out) };
}

/** The convention's request words read as the spec's: its page parameters, and for JSON:API a body `{data: {attributes}}`. */
export function conventionRequest(shape: ConventionShape, query: URLSearchParams, body: Row, path = ''): Row {
  if (shape === 'jsonapi') return jsonApiRequest(query, body);
  if (shape === 'odata') odataRequest(query);
  else if (shape === 'hal') halRequest(query);
  else if (shape === 'stripe') stripeRequest(query, path);
  else aipRequest(query);
  return body;
}
