// The steps of a contact email's sequence (spec 000, operations 9 and 11). The spec names only
// `custom_messages` ("replaces the personalised messages"); where the steps are is read by the
// rules in docs/api-assumptions.md. A step's `key` is what `custom_messages` names it by. A step is
// sent back whole when the person validates with changes, so it is never cut: a record holding a
// step longer than BOUND.whole is not read (its reader skips it).
import type { SequenceStep } from '../schemas/emails';
import { entries, first, isNode, type Node } from '../body/fold';
import { BOUND, num, text } from '../body/values';
import { partIn, wholeText as whole } from './fields';
import { BODY, SUBJECT } from '../body/families';
import { isLine, isLongText, isWords, theOne } from '../body/value-shapes';

const LIST_KEYS = ['messages', 'sequence', 'steps', 'emails', 'custom_messages', 'personalized_messages', 'personalised_messages'];
const FOLLOW_UP_KEYS = ['follow_ups', 'follow_up_messages'];
const ORDER_KEYS = ['position', 'step', 'order', 'index', 'rank'];
const SUBJECT_KEYS = SUBJECT;
const BODY_KEYS = BODY;
/** At most this many steps are read. */
const MAX_STEPS = 50;

/** A step's text and subject, from a bare text or an object. */
function part(v: unknown): { subject?: string; body: string } | undefined {
  const body = whole(v) ?? (isNode(v) ? first(v, BODY_KEYS, whole) : undefined);
  if (body === undefined) return undefined;
  const subject = isNode(v) ? first(v, SUBJECT_KEYS, (s) => text(s, BOUND.subject)) : undefined;
  return subject ? { subject, body } : { body };
}

type Ordered = SequenceStep & { order: number; i: number };

/** Stable: steps without an order keep the service's order. */
const ordered = (steps: Ordered[]): SequenceStep[] =>
  steps
    .slice(0, MAX_STEPS)
    .sort((a, b) => a.order - b.order || a.i - b.i)
    .map(({ order: _o, i: _i, ...step }) => step);

function fromArray(list: unknown[]): SequenceStep[] {
  return ordered(
    list.flatMap((m, i) => {
      const p = part(m);
      if (!p) return [];
      const order = isNode(m) ? first(m, ORDER_KEYS, num) : undefined;
      const key = (isNode(m) ? first(m, ['key', 'name', 'id', 'type'], text) : undefined) ?? String(order ?? i + 1);
      return [{ ...p, key, order: order ?? i + 1, i }];
    }),
  );
}

/** A map of texts: its keys are the service's names for the steps, sent back as they were written. */
function fromMap(map: Node): SequenceStep[] {
  return ordered(
    entries(map).flatMap(([key, v], i) => {
      const p = part(v);
      const order = isNode(v) ? first(v, ORDER_KEYS, num) : undefined;
      return p ? [{ ...p, key, order: order ?? i + 1, i }] : [];
    }),
  );
}

/** A map of texts (or a list of them) shaped as steps, where no word names them (issue 49): the one member that is. */
function stepsByValue(raw: Node): { part: unknown; holder: Node } | undefined {
  const texts = (v: unknown): boolean => {
    const values = Array.isArray(v) ? v : isNode(v) ? entries(v).map(([, x]) => x) : [];
    return values.length > 0 && values.every((x) => isWords(x) || (isNode(x) && entries(x).some(([, y]) => isLongText(y))));
  };
  for (const holder of [raw, ...entries(raw).flatMap(([, v]) => (isNode(v) && !texts(v) ? [v] : []))]) {
    const part = theOne(holder, texts);
    if (part !== undefined) return { part, holder };
  }
  return undefined;
}

/**
 * Every step, first to last: an array under one of LIST_KEYS ordered by position/step/order, a map
 * of texts (key → text or {subject, body}), or `subject` + `content` + `follow_ups[]`; at the
 * record or one object down (`draft: {subject, messages}`). The record's own subject is the first
 * step's when that step has none.
 */
export function readSequence(raw: Node): SequenceStep[] {
  let steps: SequenceStep[] = [];
  const listed =
    partIn(raw, LIST_KEYS, (v) => Array.isArray(v) || isNode(v)) ??
    (first(raw, [...BODY_KEYS, ...FOLLOW_UP_KEYS], (v) => v) === undefined ? stepsByValue(raw) : undefined);
  if (Array.isArray(listed?.part)) steps = fromArray(listed.part);
  else if (isNode(listed?.part)) steps = fromMap(listed.part);
  // Where the steps are not listed, the text and its follow-ups are at the record or one object down.
  const holder = steps.length
    ? listed!.holder
    : (([raw, ...entries(raw).map(([, v]) => v)].find((o) => isNode(o) && first(o, BODY_KEYS, whole)) as Node | undefined) ?? raw);
  if (!steps.length) {
    const head = first(holder, BODY_KEYS, whole);
    const followUps = (first(holder, FOLLOW_UP_KEYS, (v) => (Array.isArray(v) ? v : undefined)) as unknown[] | undefined) ?? [];
    const rest = fromArray(followUps).map((s, i) => ({ ...s, key: String(i + 2) }));
    steps = head === undefined ? rest : [{ key: '1', body: head }, ...rest];
  }
  const subject =
    [raw, holder].map((o) => first(o, SUBJECT_KEYS, (s) => text(s, BOUND.subject))).find(Boolean) ??
    (steps.length
      ? text(
          theOne(raw, (v) => isLine(v) && isWords(v)),
          BOUND.subject,
        )
      : undefined);
  if (steps[0] && !steps[0].subject && subject) steps[0] = { ...steps[0], subject };
  return steps;
}
