// The agent's fields for adding a contact (spec 000, operation 4): which are required, which its
// emails and letters use. Shape not shown; the words read are in docs/api-assumptions.md. Field
// names are data (they go back in the add-contact body): they are kept as the service wrote them.
import type { AgentSettings, FieldSpec } from '../schemas/agents';
import { entries, first, isNode, normalized, type Node } from '../body/fold';
import { recordOf } from '../body/envelope';
import { UnreadableError } from '../body/unreadable';
import { bool, text } from '../body/values';
import { dropUndefined } from './fields';
import { performancePlan } from './masking';

const REQUIRED_KEYS = ['required_fields', 'mandatory_fields', 'fields_required', 'required'];
const FIELD_KEYS = ['fields', 'custom_fields', 'custom_variables', 'variables', 'input_fields', 'available_fields'];
const USED_KEYS = ['fields_used', 'used_fields', 'variables_used', 'used_variables', 'template_fields', 'template_variables'];
const EMAIL_KEYS = ['email_fields', 'emails_fields', 'email_variables', 'emails_variables'];
const LETTER_KEYS = ['letter_fields', 'letters_fields', 'letter_variables', 'letters_variables'];
const TEMPLATE_KEYS = ['templates', 'template', 'message_templates'];
/** At most this many fields are read. */
const MAX_FIELDS = 200;

/** The spec's inputs every agent takes (Contact, "Added contact inputs"). */
const BASE_FIELDS: FieldSpec[] = [
  { name: 'network_url', required: true },
  { name: 'identifier', required: false },
  { name: 'ai_context', required: false },
];

/** `{company_size}` or `{{ company_size }}` → company_size. */
const bare = (name: string) => name.replace(/^\{+\s*|\s*\}+$/g, '').trim();

function field(name: string | undefined, o: Node, required?: boolean): FieldSpec | undefined {
  const n = name ? bare(name) : '';
  if (!n || n.length > 100) return undefined;
  return dropUndefined({
    name: n,
    label: first(o, ['label', 'title', 'display_name'], text),
    type: first(o, ['type', 'input_type'], text),
    description: first(o, ['description', 'help', 'hint', 'placeholder'], (v) => text(v, 1000)),
    required: required ?? first(o, ['required', 'is_required', 'mandatory'], bool) ?? false,
  });
}

/** Groups of a `fields: { required: [...], optional: [...] }` object, and whether they are required. */
const GROUPS: Record<string, boolean> = { required: true, mandatory: true, optional: false };

/** `{ required: [...], optional: [...] }`: every key a group, each a list or a map of fields. */
const isGrouped = (v: Node) => {
  const keys = Object.keys(v);
  return keys.length > 0 && keys.every((k) => k in GROUPS) && keys.some((k) => Array.isArray(v[k]) || isNode(v[k]));
};

/** Fields from an array (names or objects), a map (name → spec, flag or description) or required/optional groups. */
function fieldList(v: unknown, required?: boolean): FieldSpec[] {
  const out: Array<FieldSpec | undefined> = [];
  if (isNode(v) && isGrouped(v)) {
    return Object.entries(v).flatMap(([k, group]) => (Array.isArray(group) || isNode(group) ? fieldList(group, required ?? GROUPS[k]) : []));
  }
  if (Array.isArray(v)) {
    for (const f of v.slice(0, MAX_FIELDS)) {
      out.push(isNode(f) ? field(first(f, ['name', 'key', 'field', 'slug', 'variable', 'id'], text), f, required) : field(text(f), {}, required));
    }
  } else if (isNode(v)) {
    // A map's keys are the field names, as the service wrote them.
    for (const [k, f] of entries(v).slice(0, MAX_FIELDS)) {
      const flag = bool(f);
      out.push(field(k, isNode(f) ? f : flag === undefined ? { description: f } : { required: flag }, required));
    }
  }
  return out.filter((f): f is FieldSpec => f !== undefined);
}

const names = (v: unknown) => fieldList(v).map((f) => f.name);
/** The first of `keys` holding a list or a map. */
const listAt = (o: Node, keys: string[]) => first(o, keys, (v) => (Array.isArray(v) || isNode(v) ? v : undefined));

const VARIABLE_KEYS = ['variables', 'used_variables', 'variables_used', 'fields', 'fields_used', 'placeholders'];
const TEXT_KEYS = ['subject', 'body', 'content', 'text', 'html'];
/** `{custom_offer}` or `{{ custom_offer }}` inside a template's text. */
const IN_TEXT = /\{\{?\s*([\p{L}_][\p{L}\p{N}_.-]*)\s*\}\}?/gu;

/**
 * The variables one kind of template uses: a list of names, `{ variables: [...] }`, a list of
 * templates each with its variables, or the `{braces}` found in their subject and body.
 */
function templateVariables(v: unknown): string[] {
  if (Array.isArray(v)) return v.flatMap((t) => (isNode(t) ? templateVariables(t) : names([t])));
  if (!isNode(v)) return [];
  const listed = listAt(v, VARIABLE_KEYS);
  if (listed) return names(listed);
  const texts = TEXT_KEYS.map((k) => first(v, [k], (x) => text(x, 20_000))).filter((t): t is string => t !== undefined);
  const nested = Object.values(v).filter((x) => Array.isArray(x) || isNode(x));
  return [...texts.flatMap((t) => [...t.matchAll(IN_TEXT)].map((m) => m[1]!)), ...nested.flatMap(templateVariables)];
}

/** `templates: { emails: { variables: [...] }, letters: {...} }`, when the answer has it. */
function templatesUsed(o: Node): { emails: string[]; letters: string[] } | undefined {
  const t = listAt(o, TEMPLATE_KEYS);
  if (!isNode(t)) return undefined;
  const emails = first(t, ['emails', 'email'], (x) => x);
  const letters = first(t, ['letters', 'letter'], (x) => x);
  if (emails === undefined && letters === undefined) return undefined;
  return { emails: [...new Set(templateVariables(emails))], letters: [...new Set(templateVariables(letters))] };
}

const SETTINGS_KEYS = [...REQUIRED_KEYS, ...FIELD_KEYS, ...USED_KEYS, ...EMAIL_KEYS, ...LETTER_KEYS, ...TEMPLATE_KEYS];

export function readAgentSettings(body: unknown): AgentSettings {
  if (!isNode(normalized(body))) throw new UnreadableError('agentSettings', '$', 'the answer is not a JSON object');
  // The settings: the payload, or the object one or two levels down that holds fields (`data.settings`).
  const o = recordOf(body, SETTINGS_KEYS)!;
  const required = listAt(o, REQUIRED_KEYS);
  const listed = listAt(o, FIELD_KEYS);
  const usedKey = listAt(o, USED_KEYS);
  const emailKey = listAt(o, EMAIL_KEYS);
  const letterKey = listAt(o, LETTER_KEYS);
  const templates = templatesUsed(o);
  if (!required && !listed && !usedKey && !emailKey && !letterKey && !templates) {
    throw new UnreadableError('agentSettings', '$', 'No fields found in the agent settings response: no list of required, custom or used fields');
  }
  const byName = new Map<string, FieldSpec>();
  const add = (f: FieldSpec) => {
    const known = byName.get(f.name);
    byName.set(f.name, known ? { ...f, ...known, required: known.required || f.required } : f);
  };
  if (required) fieldList(required, true).forEach(add);
  if (listed) fieldList(listed).forEach(add);
  BASE_FIELDS.forEach(add);
  // Required first; otherwise in the service's order.
  const fields = [...byName.values()].sort((a, b) => Number(b.required) - Number(a.required));

  const used = usedKey;
  const byKind = (kind: string) => (isNode(used) ? first(used, [`${kind}s`, kind], (x) => x) : undefined);
  const split = byKind('email') !== undefined || byKind('letter') !== undefined;
  const listedIn =
    split || emailKey || letterKey
      ? {
          emails: split ? names(byKind('email')) : emailKey ? names(emailKey) : [],
          letters: split ? names(byKind('letter')) : letterKey ? names(letterKey) : [],
        }
      : undefined;
  const usedIn =
    listedIn && templates
      ? { emails: [...new Set([...listedIn.emails, ...templates.emails])], letters: [...new Set([...listedIn.letters, ...templates.letters])] }
      : (listedIn ?? templates);
  const all = [...(usedIn ? [...usedIn.emails, ...usedIn.letters] : []), ...(used !== undefined && !split ? names(used) : [])];
  return dropUndefined({ fields, used: [...new Set(all)], usedIn, performance: performancePlan(o) });
}
