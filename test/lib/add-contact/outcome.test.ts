import { describe, expect, it } from 'vitest';
import { addOutcome, fieldProblems } from '../../../lib/add-contact/outcome';
import { knownContact, searchTerm } from '../../../lib/add-contact/known';
import { targetOf } from '../../../lib/add-contact/target';

const fields = [{ name: 'custom_offre', required: true }];

describe('what an add-to-agent answer means', () => {
  it('says processing starts, waits for credits, or is only stored, from the answer', () => {
    expect(addOutcome('saved', { credits: 'enough' })).toEqual({ kind: 'started' });
    expect(addOutcome('saved', { credits: 'insufficient' })).toEqual({ kind: 'waitingCredits' });
    expect(addOutcome('saved', { credits: 'unknown' })).toEqual({ kind: 'added' });
    expect(addOutcome('saved', undefined)).toEqual({ kind: 'added' });
    expect(addOutcome('queued', undefined)).toEqual({ kind: 'queued' });
    expect(addOutcome('saved', { credits: 'enough', duplicate: true })).toEqual({ kind: 'duplicate' });
  });

  it('puts a 422’s messages next to the form’s fields (the context’s too), and names the others', () => {
    const problems = fieldProblems(
      {
        kind: 'validation',
        message: 'The given data was invalid.',
        fields: { custom_offre: 'The custom_offre field is required by this agent’s emails.', ai_context: 'The ai_context must be a string.' },
        missingFields: ['custom_offre', 'custom_budget'],
        invalidFields: ['custom_mode'],
      },
      fields,
    );
    expect(problems.byField).toEqual({
      custom_offre: 'The custom_offre field is required by this agent’s emails.',
      ai_context: 'The ai_context must be a string.',
    });
    // A field the form does not show is named by its key made readable.
    expect(problems.others).toEqual(['The service asks for Custom budget, which this agent requires.', 'The service did not accept Custom mode.']);
    expect(problems.duplicate).toBe(false);
  });

  it('recognises the same person added before from the identifier or the address refused as taken', () => {
    const taken = (field: string, message: string) => fieldProblems({ kind: 'validation', message: 'invalid', fields: { [field]: message } }, fields).duplicate;
    expect(taken('identifier', 'The identifier has already been taken.')).toBe(true);
    expect(taken('network_url', 'This profile is already a contact of this agent.')).toBe(true);
    expect(taken('network_url', 'The network_url must be a full profile URL.')).toBe(false);
    expect(fieldProblems({ kind: 'agent-paused', message: 'Agent paused' }, fields).any).toBe(false);
  });
});

describe('a person already among the contacts', () => {
  const target = targetOf('https://www.linkedin.com/in/camille-lefevre-4a1b2c/')!;
  const contact = (over: object) => ({ id: 'ld_1', relevance: null, coordinates: [], touchpoints: {} as never, ...over });

  it('is found by the profile address or by the identifier; by the name alone it is only a maybe', () => {
    const byUrl = contact({
      profileUrl: { masked: false, value: 'https://www.linkedin.com/in/Camille-Lefevre-4a1b2c/' },
      agentName: 'SaaS',
      status: 'nurture',
    });
    expect(knownContact([byUrl], target)).toEqual({ id: 'ld_1', agentId: undefined, agentName: 'SaaS', status: 'nurture' });
    expect(knownContact([contact({ identifier: 'network-profile:camille-lefevre-4a1b2c' })], target)?.id).toBe('ld_1');
    expect(knownContact([contact({ name: 'Camille Lefevre', profileUrl: { masked: true } })], target)?.maybe).toEqual({ name: 'Camille Lefevre' });
  });

  it('is searched by the name of the tab title, else by the words of the slug', () => {
    expect(searchTerm({ ...target, name: 'Camille Lefèvre' })).toBe('Camille Lefèvre');
    expect(searchTerm(target)).toBe('camille lefevre');
    expect(searchTerm(targetOf('https://www.linkedin.com/in/123456/')!)).toBeUndefined();
  });
});
