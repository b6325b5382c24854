/** The service's x-ratelimit-* and retry-after values, as last seen on a response. */
export interface RateLimitSnapshot {
  limit?: number | undefined;
  remaining?: number | undefined;
  used?: number | undefined;
  /** UTC epoch seconds. */
  reset?: number | undefined;
  resource?: string | undefined;
  retryAfterSeconds?: number | undefined;
  seenAt: number;
}

interface HeaderSource {
  get(name: string): string | null;
}

function intHeader(headers: HeaderSource, name: string): number | undefined {
  const raw = headers.get(name);
  if (raw == null || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

/** retry-after is seconds or an HTTP date (RFC 9110); both become seconds from now. */
function parseRetryAfter(raw: string | null, now: number): number | undefined {
  if (raw == null || raw.trim() === '') return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** Reads the rate-limit headers; undefined when the response carries none. */
export function readRateLimitHeaders(headers: HeaderSource, now: number): RateLimitSnapshot | undefined {
  const snapshot: RateLimitSnapshot = {
    limit: intHeader(headers, 'x-ratelimit-limit'),
    remaining: intHeader(headers, 'x-ratelimit-remaining'),
    used: intHeader(headers, 'x-ratelimit-used'),
    reset: intHeader(headers, 'x-ratelimit-reset'),
    resource: headers.get('x-ratelimit-resource') ?? undefined,
    retryAfterSeconds: parseRetryAfter(headers.get('retry-after'), now),
    seenAt: now,
  };
  const { seenAt: _seenAt, ...values } = snapshot;
  return Object.values(values).some((v) => v !== undefined) ? snapshot : undefined;
}
