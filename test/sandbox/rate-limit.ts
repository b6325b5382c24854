/** 100 requests per minute per key, shared by every route (spec 000, Limits). */
const SANDBOX_RATE_LIMIT = 100;
const WINDOW_MS = 60_000;

interface Window {
  start: number;
  used: number;
}

export interface RateDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

export class RateLimiter {
  private windows = new Map<string, Window>();

  constructor(private limit = SANDBOX_RATE_LIMIT) {}

  take(bucket: string, now: number): RateDecision {
    let w = this.windows.get(bucket);
    if (!w || now - w.start >= WINDOW_MS) {
      w = { start: now, used: 0 };
      this.windows.set(bucket, w);
    }
    const allowed = w.used < this.limit;
    if (allowed) w.used++;
    const resetMs = w.start + WINDOW_MS;
    const headers: Record<string, string> = {
      'x-ratelimit-limit': String(this.limit),
      'x-ratelimit-remaining': String(Math.max(0, this.limit - w.used)),
      'x-ratelimit-used': String(w.used),
      'x-ratelimit-reset': String(Math.ceil(resetMs / 1000)),
      'x-ratelimit-resource': 'core',
    };
    if (!allowed) headers['retry-after'] = String(Math.max(1, Math.ceil((resetMs - now) / 1000)));
    return { allowed, headers };
  }

  reset(): void {
    this.windows.clear();
  }
}
