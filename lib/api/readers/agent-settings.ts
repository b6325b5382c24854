// The agent's fields for adding a contact (spec 000, operation 4): which are required, which its
// emails and letters use. Shape not shown; the plausible spellings are in docs/api-assumptions.md.
import type { AgentSettings, FieldSpec } from '../schemas/agents';
import { bool, dropUndefined, first, isObj, payload, str, UnreadableError, type Obj } from './fields';
import { performancePlan } from './masking';

const REQUIRED_KEYS = ['required_fields', 'requiredFields', 'mandatory_fields', 'fields_required', 'required'];
const FIELD_KEYS = ['fields', 'custom_fields', 'custom_variables', 'variables', 'input_fields', 'available_fields'];
const USED_KEYS = ['fields_used', 'used_fields', 'variables_used', 'used_variables', 'template_fields', 'template_variables'];
const EMAIL_KEYS = ['email_fields', 'emails_fields', 'email_variables', 'emails_variables'];
const LETTER_KEYS = ['letter_fields', 'letters_fields', 'letter_variables', 'letters_variables'];

/** The spec's inputs every agent takes (Contact, "Added contact inputs"). */
const BASE_FIELDS: FieldSpec[] = [
  { name: 'network_url', required: true },
  { name: 'identifier', required: false },
  { name: 'ai_context', required: false },
];

/** `{company_size}` or `{{ company_size }}` → company_size. */
const bare = (name: string) => name.replace(/^\{+\s*|\s*\}+$/g, '').trim();

function field(name: string | undefined, o: Obj, required?: boolean): FieldSpec | undefined {
  const n = name ? bare(name) : '';
  if (!n) return undefined;
  return dropUndefined({
    name: n,
    label: first(o, ['label', 'title', 'display_name'], str),
    type: first(o, ['type', 'input_type'], str),
    description: first(o, ['description', 'help', 'hint', 'placeholder'], str),
    required: required ?? first(o, ['required', 'is_required', 'mandatory'], bool) ?? false,
  });
}

/** Groups of a `fields: { required: [...], optional: [...] }` object, and whether they are required. */
const GROUPS: Record<string, boolean> = { required: true, mandatory: true, optional: false };

/** `{ required: [...], optional: [...] }`: every key a group, each a list or a map of fields. */
const isGrouped = (v: Obj) => {
  const keys = Object.keys(v);
  return keys.length > 0 && keys.every((k) => k in GROUPS) && keys.some((k) => Array.isArray(v[k]) || isObj(v[k]));
};

/** Fields from an array (names or objects), a map (name → spec, flag or description) or required/optional groups. */
function fieldList(v: unknown, required?: boolean): FieldSpec[] {
  const out: Array<FieldSpec | undefined> = [];
  if (isObj(v) && isGrouped(v)) {
    return Object.entries(v).flatMap(([k, group]) => (Array.isArray(group) || isObj(group) ? fieldList(group, required ?? GROUPS[k]) : []));
  }
  if (Array.isArray(v)) {
    for (const f of v) {
      out.push(isObj(f) ? field(first(f, ['name', 'key', 'field', 'slug', 'variable', 'id'], str), f, required) : field(str(f), {}, required));
    }
  } else if (isObj(v)) {
    for (const [k, f] of Object.entries(v)) {
      const flag = bool(f);
      out.push(field(k, isObj(f) ? f : flag === undefined ? { description: f } : { required: flag }, required));
    }
  }
  return out.filter((f): f is FieldSpec => f !== undefined);
}

const names = (v: unknown) => fieldList(v).map((f) => f.name);
const listAt = (o: Obj, keys: string[]) => keys.find((k) => Array.isArray(o[k]) || isObj(o[k]));

const TEMPLATE_KEYS = ['templates', 'template', 'message_templates'];
const VARIABLE_KEYS = ['variables', 'used_variables', 'variables_used', 'fields', 'fields_used', 'placeholders'];
const TEXT_KEYS = ['subject', 'body', 'content', 'text', 'html'];
/** `{custom_offer}` or `{{ custom_offer }}` inside a template's text. */
const IN_TEXT = /\{\{?\s*([\p{L}_][\p{L}\p{N}_.-]*)\s*\}\}?/gu;

/**
 * The variables one kind of template uses: a list of names, `{ variables: [...] }`, a list of
 * templates each with its variables, or the `{braces}` found in their subject and body.
 */
function templateVariables(v: unknown): string[] {
  if (Array.isArray(v)) return v.flatMap((t) => (isObj(t) ? templateVariables(t) : names([t])));
  if (!isObj(v)) return [];
  const key = listAt(v, VARIABLE_KEYS);
  if (key) return names(v[key]);
  const texts = TEXT_KEYS.map((k) => str(v[k])).filter((t): t is string => t !== undefined);
  const nested = Object.values(v).filter((x) => Array.isArray(x) || isObj(x));
  return [...texts.flatMap((t) => [...t.matchAll(IN_TEXT)].map((m) => m[1]!)), ...nested.flatMap(templateVariables)];
}

/** `templates: { emails: { variables: [...] }, letters: {...} }`, when the answer has it. */
function templatesUsed(o: Obj): { emails: string[]; letters: string[] } | undefined {
  const key = listAt(o, TEMPLATE_KEYS);
  const t = key ? o[key] : undefined;
  if (!isObj(t)) return undefined;
  const emails = t.emails ?? t.email;
  const letters = t.letters ?? t.letter;
  if (emails === undefined && letters === undefined) return undefined;
  return { emails: [...new Set(templateVariables(emails))], letters: [...new Set(templateVariables(letters))] };
}

export function readAgentSettings(body: unknown): AgentSettings {
  const o = payload(body, ['settings', 'agent', 'campaign', 'configuration'], 'agent settings');
  const required = listAt(o, REQUIRED_KEYS);
  const listed = listAt(o, FIELD_KEYS);
  const usedKey = listAt(o, USED_KEYS);
  const emailKey = listAt(o, EMAIL_KEYS);
  const letterKey = listAt(o, LETTER_KEYS);
  const templates = templatesUsed(o);
  if (!required && !listed && !usedKey && !emailKey && !letterKey && !templates) {
    throw new UnreadableError(
      'No fields found in the agent settings response (looked under required_fields, fields, custom_variables, fields_used, templates)',
    );
  }
  const byName = new Map<string, FieldSpec>();
  const add = (f: FieldSpec) => {
    const known = byName.get(f.name);
    byName.set(f.name, known ? { ...f, ...known, required: known.required || f.required } : f);
  };
  if (required) fieldList(o[required], true).forEach(add);
  if (listed) fieldList(o[listed]).forEach(add);
  BASE_FIELDS.forEach(add);
  // Required first; otherwise in the service's order.
  const fields = [...byName.values()].sort((a, b) => Number(b.required) - Number(a.required));

  const used = usedKey ? o[usedKey] : undefined;
  const split = isObj(used) && (used.emails ?? used.email ?? used.letters ?? used.letter) !== undefined;
  const listedIn =
    split || emailKey || letterKey
      ? {
          emails: split ? names(used.emails ?? used.email) : emailKey ? names(o[emailKey]) : [],
          letters: split ? names(used.letters ?? used.letter) : letterKey ? names(o[letterKey]) : [],
        }
      : undefined;
  const usedIn =
    listedIn && templates
      ? { emails: [...new Set([...listedIn.emails, ...templates.emails])], letters: [...new Set([...listedIn.letters, ...templates.letters])] }
      : (listedIn ?? templates);
  const all = [...(usedIn ? [...usedIn.emails, ...usedIn.letters] : []), ...(used !== undefined && !split ? names(used) : [])];
  return dropUndefined({ fields, used: [...new Set(all)], usedIn, performance: performancePlan(o) });
}
