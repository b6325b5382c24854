// What an add-to-agent answer means for the person: next steps in the service's terms (spec 000,
// Manual addition pipeline), and a 422's problems placed next to their fields.
import type { SerializedApiError } from '../api/errors';
import type { FieldSpec } from '../api/schemas/agents';
import type { AddContactResult } from '../api/schemas/contacts';
import { t } from '../extension/i18n';
import { fieldLabel } from './form';

export type AddOutcome = { kind: 'started' | 'waitingCredits' | 'added' | 'queued' | 'duplicate' };

export function addOutcome(state: 'saved' | 'queued' | 'held', answer: AddContactResult | undefined): AddOutcome {
  if (state !== 'saved') return { kind: 'queued' };
  if (answer?.duplicate) return { kind: 'duplicate' };
  if (answer?.credits === 'insufficient') return { kind: 'waitingCredits' };
  return { kind: answer?.credits === 'enough' ? 'started' : 'added' };
}

/** The service's words for an identifier or address it already holds (spec 002: 422 per field). */
const ALREADY = /already|taken|exist|duplicate|déjà|existe/i;

export interface FieldProblems {
  /** Messages shown next to the form's own fields (the agent's variables and the context). */
  byField: Record<string, string>;
  /** Messages about fields the form does not show. */
  others: string[];
  /** The same person was added before: nothing new was created. */
  duplicate: boolean;
  any: boolean;
}

export function fieldProblems(error: SerializedApiError, fields: FieldSpec[]): FieldProblems {
  const out: FieldProblems = { byField: {}, others: [], duplicate: false, any: false };
  if (error.kind !== 'validation') return out;
  // The context has its own field in the form, whatever the agent's settings list.
  const shown = new Set([...fields.map((f) => f.name), 'ai_context']);
  const messages = error.fields ?? {};
  for (const [name, message] of Object.entries(messages)) {
    if ((name === 'identifier' || name === 'network_url') && ALREADY.test(message)) out.duplicate = true;
    if (shown.has(name)) out.byField[name] = message;
    else out.others.push(message);
  }
  for (const name of error.missingFields ?? []) {
    if (messages[name]) continue;
    if (shown.has(name)) out.byField[name] = t('add.required');
    else out.others.push(t('add.missingField', [fieldLabel({ name })]));
  }
  for (const name of error.invalidFields ?? []) {
    if (messages[name]) continue;
    if (shown.has(name)) out.byField[name] = t('add.invalid');
    else out.others.push(t('add.invalidField', [fieldLabel({ name })]));
  }
  out.any = Object.keys(out.byField).length + out.others.length > 0;
  return out;
}

/** Fields the form never shows: the target gives them, or they have their own control. */
const NOT_ASKED = new Set(['network_url', 'identifier', 'ai_context']);

/**
 * Fields a 422 names that the form does not show yet (operation 4 unreadable, or the agent's
 * settings changed since): each becomes a field of the form, so its message sits next to it and
 * the person can fill it in and add again.
 */
export function namedFields(error: SerializedApiError, shown: FieldSpec[]): FieldSpec[] {
  if (error.kind !== 'validation') return [];
  const missing = new Set(error.missingFields ?? []);
  const names = [...Object.keys(error.fields ?? {}), ...missing, ...(error.invalidFields ?? [])];
  const known = new Set(shown.map((f) => f.name));
  return [...new Set(names)].filter((n) => !NOT_ASKED.has(n) && !known.has(n)).map((name) => ({ name, required: missing.has(name) }));
}
