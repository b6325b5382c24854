// The add-to-agent form's fields (lib/add-contact/agent-fields.ts builds them from operation 4's
// answer, in the background), and the body of operation 3 it sends.
import type { FieldSpec } from '../api/schemas/agents';
import type { ProfileTarget } from './target';

/** Fields every agent takes, filled by the extension or by their own control. */
export const BASE = new Set(['network_url', 'identifier', 'ai_context']);

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
