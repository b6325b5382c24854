import { describe, expect, it } from 'vitest';
import { readAgentSettings } from '../../../lib/api/readers/agent-settings';
import { customFields } from '../../../lib/add-contact/agent-fields';
import { addBody, missingRequired } from '../../../lib/add-contact/form';
import { targetOf } from '../../../lib/add-contact/target';

const target = targetOf('https://www.linkedin.com/in/jeanne-durand-8c2f1/')!;

describe('the add-to-agent form from operation 4', () => {
  it('asks for the agent’s custom variables, required first, never for the address or identifier', () => {
    const settings = readAgentSettings({
      data: {
        required_fields: ['network_url', 'custom_offre'],
        optional_fields: ['identifier', 'ai_context'],
        custom_variables: [
          { name: 'custom_offre', label: 'Offre à mettre en avant', required: true },
          { name: 'custom_note', label: 'Note', required: false },
        ],
      },
    });
    expect(customFields(settings)).toEqual([
      expect.objectContaining({ name: 'custom_offre', label: 'Offre à mettre en avant', required: true }),
      expect.objectContaining({ name: 'custom_note', required: false }),
    ]);
  });

  it('requires a custom variable the agent’s letters use even when the answer does not flag it, never the contact’s own fields', () => {
    const settings = readAgentSettings({ fields: ['network_url'], letter_fields: ['{firstname}', '{company}', '{custom_salon}'] });
    expect(customFields(settings)).toEqual([{ name: 'custom_salon', required: true }]);
  });

  it('asks each variable once from the list forms of operation 4, never a standard contact field', () => {
    const settings = readAgentSettings({
      data: {
        fields: { required: ['network_url', 'firstname', 'custom_offer'], optional: ['company', 'custom_note'] },
        templates: { emails: { variables: ['{firstname}', '{custom_offer}'] }, letters: { variables: ['{company}', '{custom_salon}'] } },
      },
    });
    expect(customFields(settings)).toEqual([
      { name: 'custom_offer', required: true },
      { name: 'custom_salon', required: true },
      { name: 'custom_note', required: false },
    ]);
  });

  it('never asks a standard contact field, however the answer spells it', () => {
    const settings = readAgentSettings({ requiredFields: ['networkUrl', 'FirstName', 'JOB_TITLE', 'linkedin-url', 'custom_offre'] });
    expect(customFields(settings)).toEqual([{ name: 'custom_offre', required: true }]);
  });

  it('asks for nothing more when the agent has no variables: one click adds', () => {
    expect(customFields(readAgentSettings({ data: { required_fields: ['network_url'] } }))).toEqual([]);
  });

  it('names the required fields left empty', () => {
    const fields = [
      { name: 'custom_offre', required: true },
      { name: 'custom_note', required: false },
    ];
    expect(missingRequired(fields, { custom_offre: '  ' })).toEqual(['custom_offre']);
    expect(missingRequired(fields, { custom_offre: 'audit' })).toEqual([]);
  });

  it('sends the address and identifier of the target, whatever the form holds, and drops empty values', () => {
    const body = addBody(target, {
      aiContext: '  Met at VivaTech ',
      custom: { custom_offre: ' audit ', custom_note: '', network_url: 'https://www.linkedin.com/in/someone-else', identifier: 'forged' },
    });
    expect(body).toEqual({
      custom_offre: 'audit',
      network_url: 'https://www.linkedin.com/in/jeanne-durand-8c2f1',
      identifier: 'network-profile:jeanne-durand-8c2f1',
      ai_context: 'Met at VivaTech',
    });
    expect(addBody(target, { custom: {} })).not.toHaveProperty('ai_context');
  });
});
