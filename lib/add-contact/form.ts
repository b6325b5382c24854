// The add-to-agent form built from operation 4's answer, and the body of operation 3 it sends.
import type { FieldSpec, AgentSettings } from '../api/schemas/agents';
import type { ProfileTarget } from './target';
import { fold, variants } from '../api/body/fold';

/** Fields every agent takes, filled by the extension or by their own control. */
const BASE = new Set(['network_url', 'identifier', 'ai_context']);

/**
 * The contact's own fields (spec 000, Contact): the profile and enrichment fill them, so a
 * template variable or a listed field of these names, in any spelling, is never asked of the person.
 */
const STANDARD = new Set(
  ['firstname', 'lastname', 'name', 'full_name', 'job', 'job_title', 'title', 'headline', 'position', 'company', 'company_name', 'email', 'phone']
    .concat(['address', 'picture', 'network_url', 'profile_url'])
    .flatMap(variants),
);
const asked = (name: string) => !BASE.has(name) && !STANDARD.has(fold(name));

/** The agent's own fields to ask for: its custom variables, required ones first, each once. */
export function customFields(settings: AgentSettings): FieldSpec[] {
  const own = settings.fields.filter((f) => asked(f.name));
  // A custom variable its emails or letters use is required (spec 000, op 3) even when the answer
  // does not flag it; the contact's own fields they use (firstname, company…) come from enrichment.
  const used = new Set(settings.used.filter((name) => /^custom/i.test(name)));
  for (const name of used) if (!own.some((f) => f.name === name)) own.push({ name, required: true });
  return own.map((f) => (used.has(f.name) ? { ...f, required: true } : f)).sort((a, b) => Number(b.required) - Number(a.required));
}

/**
 * A field's label: the agent's own when the service gives one, else its key made readable
 * ("custom_offer" or "customOffer" → "Custom offer"; the key stays the data sent).
 */
export function fieldLabel(f: Pick<FieldSpec, 'name' | 'label'>): string {
  if (f.label) return f.label;
  const words = f.name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.\s]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : f.name;
}

/** Required fields left empty, by name. */
export function missingRequired(fields: FieldSpec[], values: Record<string, string>): string[] {
  return fields.filter((f) => f.required && !values[f.name]?.trim()).map((f) => f.name);
}

export interface AddInput {
  aiContext?: string | undefined;
  /** Values of the agent's custom variables, by name. */
  custom: Record<string, string>;
}

/** The body of operation 3: the address and identifier from the target, never from a form. */
export function addBody(target: ProfileTarget, input: AddInput): Record<string, string> {
  const custom = Object.fromEntries(
    Object.entries(input.custom)
      .filter(([k, v]) => !BASE.has(k) && v.trim() !== '')
      .map(([k, v]) => [k, v.trim()]),
  );
  const context = input.aiContext?.trim();
  return { ...custom, network_url: target.url, identifier: target.identifier, ...(context ? { ai_context: context } : {}) };
}
