import { describe, expect, it } from 'vitest';
import { readContactList } from '../../../lib/api/readers/contacts';
import { agentLabel, knownContact } from '../../../lib/add-contact/known';
import { targetOf } from '../../../lib/add-contact/target';

const target = targetOf('https://www.linkedin.com/in/emily-walsh-nyc/', '(2) Émily Walsh | LinkedIn')!;
const masked = {
  id: 'ld_1',
  firstname: 'Emily',
  lastname: 'Walsh',
  company: 'Coinpath',
  agent_id: 'ag_perf',
  network_url: 'https://www.linkedin.com/in/xxxxx-xxxxx-xxx',
};
const contacts = (...raw: object[]) => readContactList({ data: raw }).contacts;

describe('is the profile already a contact?', () => {
  it('finds the contact for certain by its address or identifier', () => {
    expect(knownContact(contacts({ ...masked, network_url: 'https://www.linkedin.com/in/emily-walsh-nyc', status: 'contact' }), target)).toEqual({
      id: 'ld_1',
      agentId: 'ag_perf',
      agentName: undefined,
      status: 'contact',
    });
    expect(knownContact(contacts({ ...masked, identifier: 'network-profile:emily-walsh-nyc' }), target)?.maybe).toBeUndefined();
  });

  it('finds a contact whose address is masked by the same name (accents and case folded) as a maybe, with its company', () => {
    expect(knownContact(contacts(masked), target)?.maybe).toEqual({ name: 'Emily Walsh', company: 'Coinpath' });
  });

  it('never takes a namesake whose address can be compared and differs, nor another name', () => {
    expect(knownContact(contacts({ ...masked, network_url: 'https://www.linkedin.com/in/emily-walsh-london' }), target)).toBeNull();
    expect(knownContact(contacts({ ...masked, firstname: 'Emma' }), target)).toBeNull();
  });

  it('takes the slug’s words as the name of a profile chosen from a link (no tab title)', () => {
    const fromLink = targetOf('https://www.linkedin.com/in/emily-walsh-4a1b2c')!;
    expect(knownContact(contacts(masked), fromLink)?.maybe).toEqual({ name: 'Emily Walsh', company: 'Coinpath' });
  });

  it('compares companies when both are known', () => {
    expect(knownContact(contacts(masked), { ...target, company: 'Other Corp' })).toBeNull();
    expect(knownContact(contacts(masked), { ...target, company: 'coinpath' })?.maybe).toBeDefined();
  });

  it("names the agent from the record, else from the account's agents, else by its id", () => {
    const agents = [{ id: 'ag_1', name: 'Fintech', status: 'active', isActive: true, internalNote: null }];
    expect(agentLabel({ agentId: 'ag_1', agentName: 'Own' }, agents)).toBe('Own');
    expect(agentLabel({ agentId: 'ag_1' }, agents)).toBe('Fintech');
    expect(agentLabel({ agentId: 'ag_2' }, agents)).toBe('ag_2');
    expect(agentLabel({}, agents)).toBeUndefined();
  });
});
