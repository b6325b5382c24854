// Whom a write names: the person as the ready list showed them when the write was asked for, kept
// in the stored write (lib/outbox/state.ts, `person`), so that its line and its refusal name them
// whatever the service lists later. Pure.
import type { NetworkAction } from '../api/schemas';
import type { OutboxEntry, WritePerson } from '../outbox/state';
import { prospectLabel } from './queue';

/** The person a write about `action` keeps: the name (or profile address) the queue shows, and the company. */
export function writePersonOf(action: NetworkAction): WritePerson | undefined {
  const name = prospectLabel(action);
  // Neither name nor profile address: the label would be the id, which names nobody.
  if (name === action.id) return undefined;
  const company = action.prospect.company?.trim();
  return company ? { name, company } : { name };
}

/**
 * The person a write's line names: the one kept with it; for a write an earlier version stored
 * without one, the listed action's; else none (the line then says "an invitation", never an id).
 */
export function writeSubject(entry: Pick<OutboxEntry, 'actionId' | 'person'>, actions: NetworkAction[]): WritePerson | undefined {
  if (entry.person?.name) return entry.person;
  const action = actions.find((a) => a.id === entry.actionId);
  return action ? writePersonOf(action) : undefined;
}
