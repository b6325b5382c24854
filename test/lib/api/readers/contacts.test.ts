import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../../lib/api/client';
import { InvalidResponseError } from '../../../../lib/api/errors';
import { UnreadableError } from '../../../../lib/api/body/unreadable';
import { performanceFromAgents, readContact } from '../../../../lib/api/readers/contact-list';
import { readContactsFound } from '../../../../lib/api/readers/contact-found';
import { readBlockResult, readContactList } from '../../../../lib/api/readers/contacts';
import { memoryRoutes } from '../../../helpers/memory-routes';

/** A contact with the spec's field names. */
const spec = {
  id: 'ld_1',
  firstname: 'Élodie',
  lastname: 'Martin',
  job: 'Head of Sales',
  company: 'Acme',
  status: 'nurture',
  source: 'network_manual',
  relevance: 7,
  network_url: 'https://www.linkedin.com/in/elodie-martin',
  picture: 'https://cdn.example/e.jpg',
  agent_targeting: null,
  contacts: [{ type: 'email', value: 'elodie@acme.fr' }],
  has_touchpoint_email: true,
  has_touchpoint_email_answer: false,
  has_touchpoint_letter: false,
  has_touchpoint_network: true,
  has_touchpoint_letter_flash: false,
  has_returned_letter: false,
};

describe('contact list envelopes', () => {
  it.each([
    ['a bare array', [spec]],
    ['data', { success: true, data: [spec] }],
    ['contacts', { success: true, contacts: [spec] }],
    ['leads', { leads: [spec] }],
    ['items', { items: [spec] }],
    ['results', { results: [spec] }],
    ['data.contacts', { success: true, data: { contacts: [spec], filters_applied: {} } }],
    ['data.data (a paginator)', { data: { data: [spec], current_page: 1, last_page: 1 } }],
  ])('finds the contacts in %s', (_, body) => {
    expect(readContactList(body).contacts.map((c) => c.id)).toEqual(['ld_1']);
  });

  it('fails clearly when no list is found', () => {
    expect(() => readContactList({ success: true, data: { total: 3 } })).toThrow(UnreadableError);
    expect(() => readContactList({ success: true })).toThrow(/^listContacts: No list of contacts found.*\(reading stopped at \$\)$/);
    expect(() => readContactList('<html>')).toThrow(/not JSON/);
  });

  it('skips records without an identifier and counts them', () => {
    expect(readContactList([spec, { firstname: 'No id' }, 42])).toMatchObject({ skipped: 2, contacts: [{ id: 'ld_1' }] });
  });

  it('reads the pagination beside the list', () => {
    const list = readContactList({ data: [spec], meta: { current_page: 1, last_page: 2 } }, { perPage: 1 });
    expect(list.page).toMatchObject({ hasNext: true, nextPage: 2, basis: 'metadata' });
  });

  it("reads the same list for the look-up of one person: each contact's name, company, status, address (masked as the full reader masks it), identifier and agent, nothing else", () => {
    const unsent = { ...spec, agent_id: 'ag_perf', has_touchpoint_email: false, has_touchpoint_network: false };
    const { has_touchpoint_network: _flag, ...unflagged } = unsent;
    const body = {
      data: [
        { ...spec, favourite_colour: 'teal', identifier: 'network-profile:elodie-martin' },
        { firstname: 'No id' },
        unsent,
        { ...unflagged, id: 'ld_3', touchpoints: { network: '2026-01-02T10:00:00Z' } },
        { ...unsent, id: 'ld_4', has_touchpoint_letter: true, agent: { id: 'ag_x', name: 'Letters' } },
        { id: 'ld_5', person: { full_name: 'Ana Ruiz', company: { name: 'Globex' }, linkedin_url: 'https://www.linkedin.com/in/ana-ruiz' }, is_masked: 1 },
        { ...spec, id: 'ld_6', status: 'customer', network_url: 'https://www.linkedin.com/in/*****' },
      ],
      meta: { total: 7 },
    };
    const performanceOf = (agentId: string) => agentId === 'ag_perf';
    const full = readContactList(body, undefined, performanceOf);
    expect(full.contacts[0]?.extra).toContainEqual({ label: 'Favourite colour', value: 'teal' });
    const found = readContactsFound(body, performanceOf);
    const looked = ['id', 'name', 'company', 'status', 'profileUrl', 'identifier', 'agentId', 'agentName'];
    const pick = (c: object) => Object.fromEntries(Object.entries(c).filter(([k]) => looked.includes(k)));
    expect(found).toEqual({ ...full, contacts: full.contacts.map(pick) });
    expect(found.contacts.map((c) => c.profileUrl?.masked)).toEqual([false, true, false, false, true, true]);
  });
});

describe('contact fields', () => {
  it("reads the spec's names", () => {
    expect(readContact(spec)).toEqual({
      id: 'ld_1',
      name: 'Élodie Martin',
      headline: 'Head of Sales',
      company: 'Acme',
      status: 'nurture',
      source: 'network_manual',
      relevance: 7,
      profileUrl: { masked: false, value: 'https://www.linkedin.com/in/elodie-martin' },
      picture: 'https://cdn.example/e.jpg',
      coordinates: [{ type: 'email', value: { masked: false, value: 'elodie@acme.fr' } }],
      touchpoints: {
        emailSent: { done: true },
        emailAnswered: { done: false },
        letterDelivered: { done: false },
        letterReturned: { done: false },
        qrScanned: { done: false },
        networkInvitationSent: { done: true },
      },
    });
  });

  it('keeps statuses and sources it does not know, as strings', () => {
    const c = readContact({ id: 'a', status: 'Archived', source: 'webinar' });
    expect(c).toMatchObject({ status: 'archived', source: 'webinar' });
  });

  it("reads the network-named spellings of the spec's network words", () => {
    const c = readContact({ id: 'a', source: 'linkedin_auto', linkedin_url: 'https://www.linkedin.com/in/x', has_touchpoint_linkedin: 1 });
    expect(c?.source).toBe('network_auto');
    expect(c?.profileUrl).toEqual({ masked: false, value: 'https://www.linkedin.com/in/x' });
    expect(c?.touchpoints.networkInvitationSent).toEqual({ done: true });
  });

  it('reads a status given as an object', () => {
    expect(readContact({ id: 'a', status: { value: 'won', label: 'Gagné' } })?.status).toBe('won');
  });

  it('reads touchpoints given as dates, as 0/1, as words, or in a nested object', () => {
    const c = readContact({
      id: 'a',
      has_touchpoint_email: '2025-02-01T10:00:00Z',
      has_touchpoint_email_answer: 0,
      has_touchpoint_letter: 'true',
      has_returned_letter: null,
      touchpoints: { letter_flash: '2025-02-03', network: false },
    });
    expect(c?.touchpoints).toEqual({
      emailSent: { done: true, at: '2025-02-01T10:00:00.000Z' },
      emailAnswered: { done: false },
      letterDelivered: { done: true },
      letterReturned: { done: false },
      qrScanned: { done: true, at: '2025-02-03' },
      networkInvitationSent: { done: false },
    });
  });

  it("never takes a record's own email or a text that only parses loosely for a touchpoint", () => {
    const c = readContact({ id: 'a', email: 'anne.12@x.fr', network: 'Paris 75001', has_touchpoint_letter: 'Paris 75001' });
    expect(c?.touchpoints.emailSent).toEqual({ done: false });
    expect(c?.touchpoints.networkInvitationSent).toEqual({ done: false });
    expect(c?.touchpoints.letterDelivered).toEqual({ done: false });
  });

  it('reads relevance only from 1 to 10, else null (not scored)', () => {
    expect(readContact({ id: 'a', relevance: null })?.relevance).toBeNull();
    expect(readContact({ id: 'a', relevance: '9' })?.relevance).toBe(9);
    expect(readContact({ id: 'a', relevance: 0 })?.relevance).toBeNull();
    expect(readContact({ id: 'a' })?.relevance).toBeNull();
  });

  it('reads the agent and the targeting flat or nested', () => {
    expect(readContact({ id: 'a', agent: { id: 'ag', name: 'Paris SaaS' }, agent_targeting: { id: 't1', name: 'CTOs' } })).toMatchObject({
      agentId: 'ag',
      agentName: 'Paris SaaS',
      targeting: 'CTOs',
    });
    expect(readContact({ id: 'a', campaign_id: 'ag2', campaign_name: 'Lyon' })).toMatchObject({ agentId: 'ag2', agentName: 'Lyon' });
  });

  it.each([
    ['person with a full name', { person: { full_name: 'Léa Roux', company: { name: 'Acme' }, job_title: 'CFO', email: 'lea@acme.fr' } }],
    ['lead with first and last names', { lead: { first_name: 'Léa', last_name: 'Roux', company: 'Acme', job_title: 'CFO', email: 'lea@acme.fr' } }],
    ['prospect', { prospect: { firstname: 'Léa', lastname: 'Roux', company_name: 'Acme', job: 'CFO', email: 'lea@acme.fr' } }],
  ])('reads the person nested as %s', (_, who) => {
    expect(readContact({ id: 'c', ...who })).toMatchObject({
      name: 'Léa Roux',
      company: 'Acme',
      headline: 'CFO',
      coordinates: [{ type: 'email', value: { masked: false, value: 'lea@acme.fr' } }],
    });
  });

  it('reads flat email and phone fields as coordinates when there is no contacts array', () => {
    expect(readContact({ id: 'a', email: 'jo@acme.fr', phone: '+33 1 23 45 67 89' })?.coordinates).toEqual([
      { type: 'email', value: { masked: false, value: 'jo@acme.fr' } },
      { type: 'phone', value: { masked: false, value: '+33 1 23 45 67 89' } },
    ]);
  });
});

describe('masked contacts (performance plans)', () => {
  it('reads masked coordinates and profile URL as masked, never as data', () => {
    const c = readContact({
      ...spec,
      has_touchpoint_email: false,
      has_touchpoint_network: false,
      network_url: 'https://www.linkedin.com/in/xxxxxxxx',
      contacts: [
        { type: 'email', value: 'xxxxxx@xxxx.xx' },
        { type: 'phone', value: '** ** ** ** **' },
      ],
    });
    expect(c?.profileUrl).toEqual({ masked: true });
    expect(c?.coordinates).toEqual([
      { type: 'email', value: { masked: true } },
      { type: 'phone', value: { masked: true } },
    ]);
    expect(JSON.stringify(c)).not.toContain('xxxx');
  });

  it("reads the list's contacts_masked flag", () => {
    expect(readContactList({ data: [], filters_applied: { contacts_masked: true } }).contactsMasked).toBe(true);
    expect(readContactList({ data: { contacts: [], filters_applied: { contacts_masked: 'false' } } }).contactsMasked).toBe(false);
    expect(readContactList({ data: [] }).contactsMasked).toBe(false);
  });

  it("masks a performance-plan agent's prospect with no proof of sending, whatever its values look like", () => {
    const unsent = {
      ...spec,
      agent_id: 'ag_perf',
      has_touchpoint_email: false,
      has_touchpoint_network: false,
      network_url: 'https://www.linkedin.com/in/a1b2c3',
    };
    const sent = { ...spec, agent_id: 'ag_perf' };
    const performanceOf = (id: string) => (id === 'ag_perf' ? true : id === 'ag_sub' ? false : undefined);
    const list = readContactList({ data: [unsent, sent], filters_applied: { contacts_masked: true } }, undefined, performanceOf);
    expect(list.contacts[0]?.profileUrl).toEqual({ masked: true });
    expect(list.contacts[0]?.coordinates[0]?.value).toEqual({ masked: true });
    // A sending is proven on the second: its values are data.
    expect(list.contacts[1]?.profileUrl).toEqual({ masked: false, value: spec.network_url });
    // Or the account's word on the agent's plan (op 1).
    const fromAccount = performanceFromAgents([
      { id: 'ag_perf', plan: 'pay_per_lead' },
      { id: 'ag_sub', plan: 'subscription' },
    ]);
    expect(readContact(unsent, fromAccount)?.profileUrl).toEqual({ masked: true });
    expect(readContact({ ...unsent, agent_id: 'ag_sub' }, fromAccount)?.profileUrl).toEqual({ masked: false, value: unsent.network_url });
    // The plan may ride on the record itself, flat or in its agent.
    expect(readContact({ ...unsent, agent: { id: 'ag_x', billing: 'performance' } })?.profileUrl).toEqual({ masked: true });
    expect(readContact({ ...unsent, billing_model: 'pay_per_lead' })?.profileUrl).toEqual({ masked: true });
  });

  it("does not mask a subscription agent's prospect with nothing sent, on an account that has a performance-plan agent", () => {
    const unsent = { ...spec, agent_id: 'ag_sub', has_touchpoint_email: false, has_touchpoint_network: false };
    const performanceOf = (id: string) => id !== 'ag_sub';
    const list = readContactList({ data: [unsent], filters_applied: { contacts_masked: true } }, undefined, performanceOf);
    expect(list.contactsMasked).toBe(true);
    expect(list.contacts[0]?.profileUrl).toEqual({ masked: false, value: spec.network_url });
    expect(list.contacts[0]?.coordinates[0]?.value).toEqual({ masked: false, value: 'elodie@acme.fr' });
    // Nor from the list's flag alone, when the agent's plan is not known.
    expect(readContactList({ data: [unsent], filters_applied: { contacts_masked: true } }).contacts[0]?.profileUrl).toEqual({
      masked: false,
      value: spec.network_url,
    });
    // A value that looks masked is still masked, whatever the plan.
    expect(readContact({ ...unsent, network_url: 'https://www.linkedin.com/in/xxxxx-xxxxxx' }, performanceOf)?.profileUrl).toEqual({ masked: true });
  });

  it("without masking on the account, reads the same prospect's values as data", () => {
    const unsent = { ...spec, has_touchpoint_email: false, has_touchpoint_network: false };
    expect(readContactList({ data: [unsent], filters_applied: { contacts_masked: false } }).contacts[0]?.profileUrl).toEqual({
      masked: false,
      value: spec.network_url,
    });
  });
});

describe('block answer (operation 5)', () => {
  it('reads the three counts, flat or under data', () => {
    const counts = { duplicates_blocked: 2, emails_cancelled: 3, letters_cancelled: '1' };
    expect(readBlockResult({ success: true, ...counts })).toEqual({ duplicatesBlocked: 2, emailsCancelled: 3, lettersCancelled: 1 });
    expect(readBlockResult({ success: true, data: counts })).toEqual({ duplicatesBlocked: 2, emailsCancelled: 3, lettersCancelled: 1 });
  });

  it('leaves a count the answer lacks unknown rather than zero', () => {
    expect(readBlockResult({ success: true })).toEqual({});
  });
});

describe('through the client', () => {
  it("gives the reader's failure as an invalid response", async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response('{"success":true,"data":{"count":1}}'));
    const api = createApiClient({ baseUrl: 'https://s', apiKey: 'k', fetch, routes: memoryRoutes() });
    const error = await api.call('listContacts', { query: { per_page: 10 } }, (b) => readContactList(b, { perPage: 10 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as Error).message).toMatch(/No list of contacts/);
  });
});
