// Shared by the sandbox's tests: a sandbox on a clock the test moves, and one call → status + JSON.
import { Sandbox, type SandboxOptions } from './app';
import { DEMO_KEY } from './seed';

export const A0 = 'ag_7Kq2mX9pLs'; // subscription, custom_offre required
export const A1 = 'ag_R4tVw8ZbNe'; // performance plan
export const A2 = 'ag_H1cJ5yUoDq'; // paused, older agent
const START = Date.parse('2026-03-10T09:00:00Z');
export const MINUTE = 60_000;

/** A sandbox answer as the tests read it: free-form JSON, checked by the assertions themselves. */
// biome-ignore lint/suspicious/noExplicitAny: the tests assert on the JSON's shape; typing each answer would restate the sandbox
export type Json = any;

export interface Clocked {
  sb: Sandbox;
  advance(ms: number): void;
  /** One request; `body` is sent as JSON. */
  call(method: string, path: string, body?: unknown, key?: string | null): { status: number; json: Json; headers: Record<string, string> };
}

export function clocked(options: SandboxOptions = {}): Clocked {
  let now = START;
  const sb = new Sandbox({ now: () => now, ...options });
  return {
    sb,
    advance: (ms) => {
      now += ms;
    },
    call(method, path, body, key = DEMO_KEY) {
      const res = sb.handle({
        method,
        url: path,
        headers: key ? { authorization: `Bearer ${key}` } : {},
        body: body === undefined ? '' : JSON.stringify(body),
      });
      return { status: res.status, json: res.body ? JSON.parse(res.body) : null, headers: res.headers };
    },
  };
}

/** The 422 body of the spec: three fields, with these names in them. */
export function expect422(res: { status: number; json: Json }, missing: string[], invalid: string[]): void {
  if (res.status !== 422) throw new Error(`expected 422, got ${res.status}: ${JSON.stringify(res.json)}`);
  const { validation_errors: errors, missing_fields: m, invalid_fields: i } = res.json;
  const same = (a: string[], b: string[]) => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
  if (!same(m, missing) || !same(i, invalid)) throw new Error(`fields differ: ${JSON.stringify(res.json)}`);
  for (const field of [...missing, ...invalid]) {
    if (typeof errors[field] !== 'string' || errors[field] === '') throw new Error(`no message for ${field}`);
  }
}
