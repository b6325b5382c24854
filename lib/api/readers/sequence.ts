// The steps of a contact email's sequence (spec 000, operations 9 and 11). The spec names only
// `custom_messages` ("replaces the personalised messages"); the shapes read here are listed in
// docs/api-assumptions.md. A step's `key` is what `custom_messages` names it by.
import type { SequenceStep } from '../schemas/emails';
import { first, isObj, num, str, type Obj } from './fields';

const LIST_KEYS = ['messages', 'sequence', 'steps', 'emails', 'custom_messages', 'personalized_messages', 'personalised_messages'];
const FOLLOW_UP_KEYS = ['follow_ups', 'followups', 'followUps', 'follow_up_messages'];
const ORDER_KEYS = ['position', 'step', 'order', 'index', 'rank'];
const SUBJECT_KEYS = ['subject', 'title'];
const BODY_KEYS = ['body', 'text', 'content', 'body_text', 'message'];

/** A step's text and subject, from a bare text or an object. */
function part(v: unknown): { subject?: string; body: string } | undefined {
  const body = str(v) ?? (isObj(v) ? first(v, BODY_KEYS, str) : undefined);
  if (body === undefined) return undefined;
  const subject = isObj(v) ? first(v, SUBJECT_KEYS, str) : undefined;
  return subject ? { subject, body } : { body };
}

function fromArray(list: unknown[]): SequenceStep[] {
  const read = list.flatMap((m, i) => {
    const p = part(m);
    if (!p) return [];
    const order = isObj(m) ? first(m, ORDER_KEYS, num) : undefined;
    const key = (isObj(m) ? first(m, ['key', 'name', 'id', 'type'], str) : undefined) ?? String(order ?? i + 1);
    return [{ ...p, key, order: order ?? i + 1, i }];
  });
  // Stable: steps without an order keep the service's order.
  read.sort((a, b) => a.order - b.order || a.i - b.i);
  return read.map(({ order: _o, i: _i, ...step }) => step);
}

function fromMap(map: Obj): SequenceStep[] {
  const steps = Object.entries(map).flatMap(([key, v], i) => {
    const p = part(v);
    const order = isObj(v) ? first(v, ORDER_KEYS, num) : undefined;
    return p ? [{ ...p, key, order: order ?? i + 1, i }] : [];
  });
  steps.sort((a, b) => a.order - b.order || a.i - b.i);
  return steps.map(({ order: _o, i: _i, ...step }) => step);
}

/**
 * Every step, first to last: an array under one of LIST_KEYS ordered by position/step/order, a map
 * of texts (key → text or {subject, body}), or `subject` + `content` + `follow_ups[]`. The record's
 * own subject is the first step's when that step has none.
 */
export function readSequence(raw: Obj): SequenceStep[] {
  let steps: SequenceStep[] = [];
  const list = LIST_KEYS.map((k) => raw[k]).find((v) => Array.isArray(v) || isObj(v));
  if (Array.isArray(list)) steps = fromArray(list);
  else if (isObj(list)) steps = fromMap(list);
  if (!steps.length) {
    const head = first(raw, BODY_KEYS, str);
    const followUps = (FOLLOW_UP_KEYS.map((k) => raw[k]).find(Array.isArray) as unknown[] | undefined) ?? [];
    const rest = fromArray(followUps).map((s, i) => ({ ...s, key: String(i + 2) }));
    steps = head === undefined ? rest : [{ key: '1', body: head }, ...rest];
  }
  const subject = first(raw, SUBJECT_KEYS, str);
  if (steps[0] && !steps[0].subject && subject) steps[0] = { ...steps[0], subject };
  return steps;
}
