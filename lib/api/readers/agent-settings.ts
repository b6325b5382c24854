// The agent's fields for adding a contact (spec 000, operation 4): which are required, which its
// emails and letters use. Shape not shown; the plausible spellings are in docs/api-assumptions.md.
import type { AgentSettings, FieldSpec } from '../schemas/agents';
import { bool, dropUndefined, first, isObj, payload, str, UnreadableError, type Obj } from './fields';

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

/** Fields from an array (names or objects) or a map (name → spec, flag or description). */
function fieldList(v: unknown, required?: boolean): FieldSpec[] {
  const out: Array<FieldSpec | undefined> = [];
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

export function readAgentSettings(body: unknown): AgentSettings {
  const o = payload(body, ['settings', 'agent', 'campaign', 'configuration'], 'agent settings');
  const required = listAt(o, REQUIRED_KEYS);
  const listed = listAt(o, FIELD_KEYS);
  const usedKey = listAt(o, USED_KEYS);
  const emailKey = listAt(o, EMAIL_KEYS);
  const letterKey = listAt(o, LETTER_KEYS);
  if (!required && !listed && !usedKey && !emailKey && !letterKey) {
    throw new UnreadableError('No fields found in the agent settings response (looked under required_fields, fields, custom_variables, fields_used)');
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
  const usedIn =
    split || emailKey || letterKey
      ? {
          emails: split ? names(used.emails ?? used.email) : emailKey ? names(o[emailKey]) : [],
          letters: split ? names(used.letters ?? used.letter) : letterKey ? names(o[letterKey]) : [],
        }
      : undefined;
  const all = usedIn ? [...usedIn.emails, ...usedIn.letters] : names(used);
  return dropUndefined({ fields, used: [...new Set(all)], usedIn });
}
