// Pre-contact masking (spec 000, performance plans): until a sending is proven, a prospect's
// coordinates, profile URL, email and postal address are replaced while their keys stay. How they
// are replaced is not shown; a value read here as masked is never kept, so it cannot be shown,
// copied or sent back as if it were data.
import type { Maskable } from '../schemas/common';
import { first, isNode, normalized, variants, type Node } from '../body/fold';
import { BOUND, bool, text } from '../body/values';

const MASK_WORDS = /^[[(<]?\s*(masked|hidden|redacted|private|protected|confidential|masqu[ée]e?|cach[ée]e?|n\/a)\s*[\])>]?$/i;
const MASK_MARKS = /[*•●█▒░]{2,}|[*•●]/;

/** Record-level flags some services set on a masked record (`contact` also as `lead`, `prospect`). */
const RECORD_MASK_KEYS = ['is_masked', 'masked', 'contacts_masked', 'contact_masked', 'is_contact_masked', 'data_masked'];

const MASKED = ['masked'];
const FLAGS = new Map<string, string[]>();
/** `<name>_masked`, a field's own flag. */
function maskedFlag(name: string): string[] {
  let flag = FLAGS.get(name);
  if (!flag) FLAGS.set(name, (flag = [`${name}_masked`]));
  return flag;
}

/**
 * Whether a value is a mask rather than data: stars or bullets, a word such as "masked", or only
 * x's where letters and digits were (the spec's webhook rule: punctuation is kept) — for a URL,
 * its last path segment (https://www.linkedin.com/in/xxxxxx).
 */
export function looksMasked(value: string): boolean {
  const v = value.trim();
  if (MASK_MARKS.test(v) || MASK_WORDS.test(v)) return true;
  const part = /^https?:\/\//i.test(v) ? (v.split(/[/?#]/).filter(Boolean).pop() ?? '') : v;
  const alnum = part.replace(/[^\p{L}\p{N}]/gu, '');
  return alnum.length >= 3 && /^x+$/i.test(alnum);
}

const PLAN_KEYS = ['billing', 'billing_model', 'billing_type', 'billing_mode', 'plan', 'pricing_model', 'pricing_plan', 'pricing'];
const PERFORMANCE_FLAGS = ['is_performance', 'performance_plan', 'is_performance_plan', 'pay_per_lead', 'billed_per_result'];
const PERFORMANCE_WORDS = /perf|per[_ -]?(lead|result)|pay[_ -]?per|result/i;

/**
 * Whether an agent (or a record carrying its agent's plan) is billed under the performance model:
 * a plan named so (`billing: "performance"`, `plan: {type: "pay_per_lead"}`) or a flag; undefined
 * when it says nothing of its plan.
 */
export function performancePlan(record: Node): boolean | undefined {
  const o = normalized(record) as Node;
  const flag = first(o, PERFORMANCE_FLAGS, bool);
  if (flag !== undefined) return flag;
  const plan = first(o, PLAN_KEYS, (v) => text(v) ?? (isNode(v) ? first(v, ['type', 'model', 'name', 'code', 'kind'], text) : undefined));
  return plan === undefined ? undefined : isPerformanceWord(plan);
}

/** Whether a plan's name is the performance model's (`performance`, `pay_per_lead`…). */
export const isPerformanceWord = (plan: string): boolean => PERFORMANCE_WORDS.test(plan);

/** Whether the record says it is masked as a whole. */
export function recordMasked(record: Node): boolean {
  return first(normalized(record) as Node, RECORD_MASK_KEYS, (v) => (bool(v) === true ? true : undefined)) ?? false;
}

/**
 * A value the service may mask, at one of `names`: masked when the record or the field says so
 * (`<name>_masked`, `{masked: true}`) or when it looks masked; undefined when absent or empty.
 * An object value is read through its `value`/`email`/`url`.
 */
export function maskable(record: Node, names: readonly string[], masked = recordMasked(record), max: number = BOUND.url): Maskable | undefined {
  const o = normalized(record) as Node;
  for (const name of names) {
    const raw = variants(name)
      .map((key) => o[key])
      .find((v) => v !== undefined && v !== null);
    if (raw === undefined) continue;
    const inner = isNode(raw) ? raw : undefined;
    const value = text(raw, max) ?? (inner ? first(inner, ['value', 'email', 'url', 'address'], (v) => text(v, max)) : undefined);
    const flagged = masked || first(o, maskedFlag(name), bool) === true || (inner !== undefined && first(inner, MASKED, bool) === true);
    if (value === undefined && !(flagged && inner !== undefined)) continue;
    if (flagged || (value !== undefined && looksMasked(value))) return { masked: true };
    return { masked: false, value: value! };
  }
  return undefined;
}
