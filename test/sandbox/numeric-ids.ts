// Ids written as numbers by the token draw (random-tokens.ts), and read back when a client sends
// one in a path or a query: the sandbox's state keeps its own string ids. A number is drawn from
// the id itself, so the same id is the same number in every sandbox and every run; the one table is
// shared by all sandboxes, as the numbers are.
import { hash } from './random-shape';

const toNumber = new Map<string, number>();
const toId = new Map<number, string>();

/** The id as a number (1 to 999 999 999), the same every time. */
export function numericId(id: string): number {
  const known = toNumber.get(id);
  if (known !== undefined) return known;
  let n = 1 + ((hash(id) >>> 0) % 999_999_999);
  // Two ids on one number would make the answer ambiguous: the later one takes the next free number.
  while (toId.has(n) && toId.get(n) !== id) n = (n % 999_999_999) + 1;
  toNumber.set(id, n);
  toId.set(n, id);
  return n;
}

/** The sandbox's id a number stands for; anything else as it is. */
export const idOfNumber = (value: string): string => (/^\d+$/.test(value) ? (toId.get(Number(value)) ?? value) : value);

/** The query's id words (filters, op 21's id) read back to the sandbox's ids. */
export function readBackIds(query: URLSearchParams): void {
  for (const key of ['agent_filter', 'campaign_filter', 'targeting_filter', 'id']) {
    const value = query.get(key);
    if (value !== null) query.set(key, idOfNumber(value));
  }
}
