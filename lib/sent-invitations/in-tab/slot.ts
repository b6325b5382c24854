// The extension's one-shot scripts in a network tab (scripting.executeScript into the top frame's
// isolated world, which the page's own scripts cannot reach): the background leaves each its input,
// runs its file, and reads what it says through a slot on that world's global object. Nothing is
// drawn and nothing is posted to the page. (The builds drop a script's return value: wxt.config.ts.)

export type TabScript = 'sent-read' | 'sent-withdraw';

/**
 * A Sent page still drawing its list is given this long (sent-read.ts). Here, not there: the
 * background waits a little longer, and importing sent-read.ts would bring it the page reader's words.
 */
export const LIST_WAIT_MS = 5_000;

export const slotKey = (name: TabScript): string => `__invitationAssistant_${name}__`;

/** What a script said last, and how many times it spoke. */
export interface SlotAnswer<S> {
  version: number;
  state: S;
}

/** Run in the tab before the script (executeScript's `func`, so self-contained): its input. */
export function seedSlot(key: string, input: unknown): void {
  (globalThis as Record<string, unknown>)[key] = { input };
}

/**
 * Run in the tab (executeScript's `func`, so self-contained): what its script says, at once when it
 * spoke since `seen` (a version), else at its next word or after `waitMs`. null when no script
 * speaks there (another document now, or it never ran). `world`: the tab's global (tests give theirs).
 */
export function readSlot(key: string, seen: number, waitMs: number, world: object = globalThis): SlotAnswer<unknown> | null | Promise<SlotAnswer<unknown>> {
  const slot = (world as Record<string, unknown>)[key] as { version?: number; state?: unknown; changed?: Promise<void> } | undefined;
  if (typeof slot?.version !== 'number') return null;
  const answer = () => ({ version: slot.version as number, state: slot.state });
  if (slot.version !== seen || waitMs <= 0) return answer();
  return Promise.race([slot.changed, new Promise((wake) => setTimeout(wake, waitMs))]).then(answer);
}

/** In the tab: the input the background left, and `say`, which the background's next read gets. */
export function openSlot<I, S>(world: object, name: TabScript, first: S): { input: I | undefined; say(state: S): void } {
  const scope = world as Record<string, unknown>;
  const key = slotKey(name);
  const input = (scope[key] as { input?: I } | undefined)?.input;
  let wake: () => void = () => {};
  const slot = { input, version: 0, state: first, changed: new Promise<void>((r) => (wake = r)) };
  scope[key] = slot;
  return {
    input,
    say(state) {
      const woken = wake;
      slot.state = state;
      slot.version += 1;
      slot.changed = new Promise<void>((r) => (wake = r));
      woken();
    },
  };
}
