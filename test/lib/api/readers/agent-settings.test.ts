import { describe, expect, it } from 'vitest';
import { readAgentSettings } from '../../../../lib/api/readers/agent-settings';

const base = [
  { name: 'network_url', required: true },
  { name: 'identifier', required: false },
  { name: 'ai_context', required: false },
];

describe('agent settings: the fields for adding a contact (operation 4)', () => {
  it("reads required fields given as names, with the spec's inputs", () => {
    const s = readAgentSettings({ success: true, data: { required_fields: ['network_url', 'company_size'] } });
    expect(s.fields).toEqual([{ name: 'network_url', required: true }, { name: 'company_size', required: true }, ...base.slice(1)]);
    expect(s.used).toEqual([]);
  });

  it('reads field objects with labels, types and descriptions', () => {
    const s = readAgentSettings({
      settings: {
        required_fields: [{ key: 'sector', label: 'Sector', type: 'string', description: 'Used in email 2' }],
        custom_variables: [{ name: 'event', required: false }],
      },
    });
    expect(s.fields).toEqual([
      { name: 'sector', label: 'Sector', type: 'string', description: 'Used in email 2', required: true },
      { name: 'network_url', required: true },
      { name: 'event', required: false },
      ...base.slice(1),
    ]);
  });

  it('reads a map of fields (name → flag, description or spec)', () => {
    const s = readAgentSettings({ data: { fields: { '{budget}': true, event: 'Trade fair name', size: { required: 'yes', label: 'Size' } } } });
    expect(s.fields.filter((f) => !['network_url', 'identifier', 'ai_context'].includes(f.name))).toEqual([
      { name: 'budget', required: true },
      { name: 'size', label: 'Size', required: true },
      { name: 'event', description: 'Trade fair name', required: false },
    ]);
  });

  it('keeps a field required when one list says so and another does not', () => {
    const s = readAgentSettings({ required_fields: ['sector'], fields: [{ name: 'sector', label: 'Sector', required: false }] });
    expect(s.fields.find((f) => f.name === 'sector')).toEqual({ name: 'sector', label: 'Sector', required: true });
  });

  it('reads the variables used in emails and letters, split or not, without braces', () => {
    expect(readAgentSettings({ required_fields: [], fields_used: { emails: ['{firstname}', '{event}'], letters: ['{{ event }}'] } })).toMatchObject({
      used: ['firstname', 'event'],
      usedIn: { emails: ['firstname', 'event'], letters: ['event'] },
    });
    expect(readAgentSettings({ used_variables: ['company', 'event'] })).toMatchObject({ used: ['company', 'event'] });
    expect(readAgentSettings({ used_variables: ['company'] }).usedIn).toBeUndefined();
    expect(readAgentSettings({ email_fields: ['a'], letter_fields: ['b'] })).toMatchObject({ used: ['a', 'b'], usedIn: { emails: ['a'], letters: ['b'] } });
  });

  it('reads required and optional fields given as lists under one `fields` object, not as fields named "required" and "optional"', () => {
    const s = readAgentSettings({
      data: { fields: { required: ['network_url', '{custom_offer}'], optional: ['identifier', 'ai_context', { name: 'custom_note', label: 'Note' }] } },
    });
    expect(s.fields).toEqual([
      { name: 'network_url', required: true },
      { name: 'custom_offer', required: true },
      { name: 'identifier', required: false },
      { name: 'ai_context', required: false },
      { name: 'custom_note', label: 'Note', required: false },
    ]);
    expect(s.fields.map((f) => f.name)).not.toContain('required');
  });

  it("reads the variables of the agent's templates, by kind, without braces", () => {
    const s = readAgentSettings({
      data: {
        templates: {
          emails: { variables: ['{firstname}', '{custom_offer}'] },
          letters: [{ subject: 'Pour {company}', body: 'Bonjour {{ firstname }}, {custom_salon}' }],
        },
      },
    });
    expect(s.usedIn).toEqual({ emails: ['firstname', 'custom_offer'], letters: ['company', 'firstname', 'custom_salon'] });
    expect(s.used).toEqual(['firstname', 'custom_offer', 'company', 'custom_salon']);
  });

  it('merges the template variables with a field list and reads the agent’s plan when it is said', () => {
    const s = readAgentSettings({
      billing: 'performance',
      fields: { required: ['custom_offer'] },
      templates: { emails: { variables: ['{custom_offer}'] }, letters: {} },
      used_variables: ['custom_extra'],
    });
    expect(s.used).toEqual(['custom_offer', 'custom_extra']);
    expect(s.performance).toBe(true);
    expect(readAgentSettings({ billing: 'subscription', required_fields: [] }).performance).toBe(false);
    expect(readAgentSettings({ required_fields: [] }).performance).toBeUndefined();
  });

  it('fails clearly when the answer names no field at all', () => {
    expect(() => readAgentSettings({ success: true, data: { name: 'Agent' } })).toThrow(/No fields found in the agent settings response/);
    expect(() => readAgentSettings(null)).toThrow(/not a JSON object/);
  });
});
