import { describe, expect, it } from 'vitest';
import { lookUpKnown, rememberAdded } from '../../../lib/add-contact/lookup';
import { targetOf } from '../../../lib/add-contact/target';
import { accountItem, addedProfilesItem, knownContactsItem } from '../../../lib/store/storage';

const target = targetOf('https://www.linkedin.com/in/jeanne-durand-8c2f1', 'Jeanne Durand | LinkedIn')!;
const NOW = Date.parse('2026-03-01T10:00:00Z');
const DAY = 24 * 60 * 60_000;
const empty = async () => ({ data: [] });
/** A browser restart: session storage is gone, local storage stays. */
const restart = () => knownContactsItem.setValue({});

describe('"already added" memory', () => {
  it('survives a browser restart while the contacts list does not show the person', async () => {
    await rememberAdded(target.slug, 'ag_1', 'Fintech', NOW);
    await restart();
    expect(await lookUpKnown(target, empty, NOW + DAY)).toEqual({ id: '', agentId: 'ag_1', agentName: 'Fintech' });
  });

  it('answers also when the contacts list cannot be read', async () => {
    await rememberAdded(target.slug, 'ag_1', undefined, NOW);
    await restart();
    const down = () => Promise.reject(new Error('offline'));
    expect(await lookUpKnown(target, down, NOW + 60_000)).toMatchObject({ agentId: 'ag_1' });
  });

  it('ends once the contacts list shows the person', async () => {
    await rememberAdded(target.slug, 'ag_1', undefined, NOW);
    await restart();
    const shown = async () => ({ data: [{ id: 'ld_9', identifier: target.identifier, agent_id: 'ag_1', status: 'contact' }] });
    expect(await lookUpKnown(target, shown, NOW + DAY)).toMatchObject({ id: 'ld_9', status: 'contact' });
    expect(await addedProfilesItem.getValue()).toEqual({});
  });

  it('is forgotten after 30 days without the person in the list', async () => {
    await rememberAdded(target.slug, 'ag_1', undefined, NOW);
    await restart();
    expect(await lookUpKnown(target, empty, NOW + 31 * DAY)).toBeNull();
  });
});

describe('masking read with what the account says of its agents', () => {
  it("takes a performance-plan agent's unproven contact as masked, so a same-name contact is a maybe, never a silent add", async () => {
    const agent = (id: string, plan: string) => ({ id, status: 'active', isActive: true, internalNote: null, plan });
    await accountItem.setValue({ account: { user: {}, agents: [agent('ag_perf', 'performance'), agent('ag_sub', 'subscription')] }, verifiedAt: NOW });
    // A replacement that does not look masked (not x's): only the agent's plan tells.
    const record = { id: 'ld_1', firstname: 'Jeanne', lastname: 'Durand', company: 'Acme', network_url: 'https://www.linkedin.com/in/a8f3k2' };
    const list = (agentId: string) => async () => ({ data: [{ ...record, agent_id: agentId }], filters_applied: { contacts_masked: true } });
    expect((await lookUpKnown(target, list('ag_perf'), NOW))?.maybe).toEqual({ name: 'Jeanne Durand', company: 'Acme' });
    await restart();
    // The subscription agent's contact has a real address, and it is someone else's.
    expect(await lookUpKnown(target, list('ag_sub'), NOW)).toBeNull();
  });
});

describe('the session’s memory of look-ups', () => {
  it('keeps at most 200 profiles, the latest, each for 10 minutes', async () => {
    const at = (i: number) => NOW + i * 1_000;
    for (let i = 0; i < 250; i++) {
      const who = targetOf(`https://www.linkedin.com/in/person-${i}`, `Person ${i} | LinkedIn`)!;
      await lookUpKnown(who, empty, at(i));
    }
    const kept = await knownContactsItem.getValue();
    expect(Object.keys(kept)).toHaveLength(200);
    expect(kept['person-249']).toBeDefined();
    expect(kept['person-49']).toBeUndefined();
    // Ten minutes after the last, the next look-up finds none of them kept.
    await lookUpKnown(target, empty, at(249) + 10 * 60_000);
    expect(Object.keys(await knownContactsItem.getValue())).toEqual([target.slug]);
  });
});
