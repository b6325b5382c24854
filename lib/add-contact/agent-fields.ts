// The fields the add form asks for, from operation 4's answer: read in the background
// (lib/background/add-to-agent.ts), so that the page carries no folding rules.
import type { AgentSettings, FieldSpec } from '../api/schemas/agents';
import { fold, variants } from '../api/body/fold';
import { BASE } from './form';

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
