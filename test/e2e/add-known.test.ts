// Issue 22 in Chromium against the sandbox: never add a person twice, whatever the service's answers
// look like. The demo account has a performance-plan agent, so its contacts list says
// `filters_applied.contacts_masked: true`; only that agent's contacts with nothing sent are masked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serveProfiles } from '../fixtures/serve-profiles';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { DEMO_KEY } from '../sandbox/seed';
import { A0 } from '../sandbox/helpers';
import { launchConfigured, popupOver as openPopupOver, type ExtensionBrowser } from './browser';

/** The part of the extension API these tests call inside the browser. */
interface Chromium {
  chrome: { storage: { local: { remove(key: string): Promise<void> } } };
}

let sb: RunningSandbox;
let ext: ExtensionBrowser;
const people: Record<string, string> = {
  'leon-marchal': 'Léon Marchal',
  'kevin-tran': 'Kevin Tran',
  'paul-martin-77': 'Paul Martin',
};
const contacts = () => sb.sandbox.accounts.get(DEMO_KEY)!.book.contacts;

beforeAll(async () => {
  sb = await startSandbox({ port: 0 });
  ext = await launchConfigured(sb.url, DEMO_KEY);
  await serveProfiles(ext.context, (slug) => (people[slug] ? { name: people[slug], card: 'connect' } : undefined));
});

afterAll(async () => {
  await ext?.close();
  await sb?.close();
});

const popupOver = (slug: string) => openPopupOver(ext, slug);

const agentSelect = (popup: Page) => popup.getByRole('combobox', { name: 'Add to agent' });

describe('never add a person twice, in Chromium', () => {
  it("says a subscription agent's contact with nothing sent yet is already a contact, and offers no add", async () => {
    const before = contacts().length;
    const { profile, popup } = await popupOver('leon-marchal');
    await popup.getByText(/^Already a contact of Prospection SaaS France, status: /).waitFor({ timeout: 15_000 });
    expect(await agentSelect(popup).count()).toBe(0);
    expect(await popup.getByRole('button', { name: 'Add to this agent' }).count()).toBe(0);
    expect(contacts().length).toBe(before);
    await popup.close();
    await profile.close();
  });

  it('warns before adding a person named like a contact whose address is masked, and adds nothing unless asked', async () => {
    const before = contacts().length;
    const { profile, popup } = await popupOver('kevin-tran');
    await popup.getByText('Maybe already a contact: Kevin Tran, Paylane, agent US Fintech Outreach. Add anyway?').waitFor({ timeout: 15_000 });
    expect(await agentSelect(popup).count()).toBe(0);
    await popup.getByRole('button', { name: 'Add anyway' }).click();
    await agentSelect(popup).waitFor();
    // The form's field shows once op 4's answer is stored: the next test's clearing of that store
    // must not race a read still on its way (seen in CI: the flat answer stored after the clearing).
    await popup.getByRole('textbox', { name: /Offre à mettre en avant/ }).waitFor({ timeout: 15_000 });
    expect(contacts().length).toBe(before);
    await popup.close();
    await profile.close();
  });

  it('adds with the agent’s variable when operation 4 answers in the list form', async () => {
    const shape = await fetch(`${sb.url}/__sandbox/settings-shape`, { method: 'POST', body: JSON.stringify({ shape: 'lists' }) });
    expect(shape.status).toBe(200);
    // The form keeps op 4's answer an hour per agent: the earlier test read it in the flat form.
    await ext.worker.evaluate(() => (globalThis as unknown as Chromium).chrome.storage.local.remove('agentFields'));
    const { profile, popup } = await popupOver('paul-martin-77');
    await expect.poll(() => agentSelect(popup).inputValue()).toBe(A0);
    const offer = popup.getByRole('textbox', { name: /custom[_ ]offre/i });
    await offer.waitFor({ timeout: 15_000 });
    // One field for the variable the required list and the templates both name; none for "required".
    expect(await popup.locator('.add-form input').count()).toBe(1);
    await offer.fill('audit');
    await popup.getByRole('button', { name: 'Add to this agent' }).click();
    await popup.getByText(/^Added to Prospection SaaS France\./).waitFor({ timeout: 15_000 });
    expect(contacts().filter((c) => c.network_url === 'https://www.linkedin.com/in/paul-martin-77')).toEqual([
      expect.objectContaining({ agent_id: A0, identifier: 'network-profile:paul-martin-77', custom_variables: { custom_offre: 'audit' } }),
    ]);
    await popup.close();
    await profile.close();
  });
});
