// The client's request budget in the shape of spec 002's status resource.
import type { RateLimitSnapshot } from '../api/rate-limit-headers';
import { WINDOW_MS, type LimiterConfig, type LimiterState } from './limiter';
import { VERIFY_LIMIT, VERIFY_WINDOW_MS } from '../api/verification-budget';

interface RateResource {
  limit: number;
  used: number;
  remaining: number;
  /** UTC epoch seconds. */
  reset: number;
}

export interface RateStatus {
  resources: { reads: RateResource; writes: RateResource; verification: RateResource };
  /** The service's own x-ratelimit-* values, as last seen. */
  service: RateLimitSnapshot | null;
  /** No request before this (epoch ms), when waiting. */
  blockedUntil: number | null;
}

const seconds = (ms: number) => Math.ceil(ms / 1000);

export function rateStatus(limiter: LimiterState, verifications: number[], service: RateLimitSnapshot | null, now: number, cfg: LimiterConfig): RateStatus {
  const all = limiter.sent.filter((t) => t > now - WINDOW_MS).sort((a, b) => a - b);
  const writes = (limiter.writes ?? []).filter((t) => t > now - WINDOW_MS);
  const remaining = Math.max(0, cfg.capPerMinute - all.length);
  const reset = seconds((all[0] ?? now) + WINDOW_MS);
  const verify = verifications.filter((t) => t > now - VERIFY_WINDOW_MS).sort((a, b) => a - b);
  return {
    resources: {
      // Reads and writes share one budget: each says what it used of it.
      reads: { limit: cfg.capPerMinute, used: all.length - writes.length, remaining, reset },
      writes: { limit: cfg.capPerMinute, used: writes.length, remaining, reset },
      verification: {
        limit: VERIFY_LIMIT,
        used: verify.length,
        remaining: Math.max(0, VERIFY_LIMIT - verify.length),
        reset: seconds((verify[0] ?? now) + VERIFY_WINDOW_MS),
      },
    },
    service,
    blockedUntil: limiter.blockedUntil > now ? limiter.blockedUntil : null,
  };
}
