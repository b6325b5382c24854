// Issue 13 in Chromium against the sandbox: add the profile shown (or a profile link) to an agent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serveProfiles } from '../fixtures/serve-profiles';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { DEMO_KEY } from '../sandbox/seed';
import { A0, A1, A2 } from '../sandbox/helpers';
import { badgeCount, badgeText, launchForViews, popupOver as openPopupOver, type ExtensionBrowser } from './browser';

/** The parts of the extension API these tests call inside the browser. */
interface Chromium {
  chrome: {
    storage: { session: { remove(key: string): Promise<void> }; local: { remove(key: string): Promise<void> } };
    contextMenus: { update(id: string, p: object): Promise<void> };
  };
}

let sb: RunningSandbox;
let ext: ExtensionBrowser;
const people: Record<string, string> = {
  'jeanne-durand-8c2f1': 'Jeanne Durand',
  'paul-martin-77': 'Paul Martin',
  'lena-vogel': 'Lena Vogel',
};
const contacts = () => sb.sandbox.accounts.get(DEMO_KEY)!.book.contacts;
const contactOf = (slug: string) => contacts().filter((c) => c.network_url === `https://www.linkedin.com/in/${slug}`);

beforeAll(async () => {
  sb = await startSandbox({ port: 0 });
  // The form's lookup (op 2) is a view read: five people added within the minute spend the default share,
  // and a lookup refused for the budget now holds the form until the person says they checked.
  ext = await launchForViews(sb.url, DEMO_KEY);
  await serveProfiles(ext.context, (slug) => (people[slug] ? { name: people[slug], card: 'connect' } : undefined));
});

afterAll(async () => {
  await ext?.close();
  await sb?.close();
});

const popupOver = (slug: string) => openPopupOver(ext, slug);

const addButton = (popup: Page) => popup.getByRole('button', { name: 'Add to this agent' });

describe('add the profile you are on to an agent, in Chromium', () => {
  it('adds with a required variable; the sandbox holds the normalised address and the slug’s identifier; a paused agent is not offered', async () => {
    const { profile, popup } = await popupOver('jeanne-durand-8c2f1');
    const agent = popup.getByRole('combobox', { name: 'Add to agent' });
    await expect.poll(() => agent.inputValue()).toBe(A0);
    expect(await agent.locator(`option[value="${A2}"]`).isDisabled()).toBe(true);
    await popup.getByRole('textbox', { name: /Offre à mettre en avant/ }).fill('audit');
    await popup.getByRole('textbox', { name: /Context for the agent/ }).fill('Met at VivaTech');
    // Keyboard only: the button is reached and pressed with the keyboard.
    await addButton(popup).focus();
    await popup.keyboard.press('Enter');
    await popup.getByText(/^Added to Prospection SaaS France\./).waitFor({ timeout: 15_000 });
    expect(contactOf('jeanne-durand-8c2f1')).toEqual([
      expect.objectContaining({
        agent_id: A0,
        identifier: 'network-profile:jeanne-durand-8c2f1',
        ai_context: 'Met at VivaTech',
        custom_variables: { custom_offre: 'audit' },
      }),
    ]);
    await popup.close();
    await profile.close();
  });

  it('creates nothing new on a second add of the same person', async () => {
    const { profile, popup } = await popupOver('jeanne-durand-8c2f1');
    // This popup remembers the first add: it says so rather than offering the form.
    await popup.getByText('Already added to Prospection SaaS France from this extension.').waitFor();
    // After a browser restart (session storage gone) the popup still remembers it.
    await popup.evaluate(() => (globalThis as unknown as Chromium).chrome.storage.session.remove('knownContacts'));
    await popup.reload();
    await popup.getByText('Already added to Prospection SaaS France from this extension.').waitFor();
    // Another browser: no memory of the add; the service refuses the duplicate.
    await popup.evaluate(() => (globalThis as unknown as Chromium).chrome.storage.local.remove('addedProfiles'));
    await popup.evaluate(() => (globalThis as unknown as Chromium).chrome.storage.session.remove('knownContacts'));
    await popup.reload();
    await popup.getByRole('combobox', { name: 'Add to agent' }).selectOption(A1);
    await expect.poll(() => addButton(popup).isEnabled()).toBe(true);
    await addButton(popup).click();
    await popup.getByText('This person was already added: nothing new was created.').waitFor({ timeout: 15_000 });
    expect(contactOf('jeanne-durand-8c2f1')).toHaveLength(1);
    await popup.close();
    await profile.close();
  });

  it('shows a 422 of the service next to its field', async () => {
    const { profile, popup } = await popupOver('paul-martin-77');
    const offer = popup.getByRole('textbox', { name: /Offre à mettre en avant/ });
    await offer.fill('audit');
    // The agent's configuration changed on the service after op 4 was read.
    sb.sandbox.accounts.get(DEMO_KEY)!.book.profiles[A0]!.custom_variables[0]!.name = 'custom_offre_v2';
    try {
      await addButton(popup).click();
      await popup
        .locator('.add-form')
        .getByText(/custom_offre_v2 field is required/)
        .waitFor({ timeout: 15_000 });
      expect(contactOf('paul-martin-77')).toHaveLength(0);
    } finally {
      sb.sandbox.accounts.get(DEMO_KEY)!.book.profiles[A0]!.custom_variables[0]!.name = 'custom_offre';
    }
    await popup.close();
    await profile.close();
  });

  it('"Add to an agent…" on a profile link opens the form for that profile', async () => {
    // The menu item exists (updating an unknown id fails); a driver cannot click a native menu,
    // so the click's handler is called as the browser would, with the link's address.
    await ext.worker.evaluate(() => (globalThis as unknown as Chromium).chrome.contextMenus.update('add-profile-to-agent', {}));
    const opened = ext.context.waitForEvent('page', (p) => p.url().endsWith('/popup.html#add'));
    await ext.worker.evaluate(
      (url) => (globalThis as unknown as { __linkChosen(u: string): Promise<void> }).__linkChosen(url),
      'https://www.linkedin.com/in/lena-vogel?miniProfileUrn=abc',
    );
    const form = await opened;
    await form.getByRole('region', { name: /This profile/ }).waitFor({ timeout: 15_000 });
    await expect.poll(() => form.getByRole('region', { name: /This profile/ }).textContent()).toMatch(/lena vogel|lena-vogel/i);
    await form.getByRole('combobox', { name: 'Add to agent' }).selectOption(A1);
    await expect.poll(() => addButton(form).isEnabled()).toBe(true);
    await addButton(form).click();
    await form.getByText(/^Added to US Fintech Outreach\./).waitFor({ timeout: 15_000 });
    expect(contactOf('lena-vogel')).toEqual([expect.objectContaining({ agent_id: A1, identifier: 'network-profile:lena-vogel' })]);
  });

  it('shows the whole loop: about a minute later (sandbox time) the added people are ready invitations, listed and counted on the badge', async () => {
    await fetch(`${sb.url}/__sandbox/clock`, { method: 'POST', body: JSON.stringify({ advanceMinutes: 1 }) });
    const popup = await ext.context.newPage();
    await popup.goto(`chrome-extension://${ext.extensionId}/popup.html`);
    await popup.getByText('Jeanne Durand', { exact: true }).first().waitFor({ timeout: 15_000 });
    const ready = sb.sandbox.accounts.get(DEMO_KEY)!.actions.filter((a) => a.status === 'ready');
    expect(ready.map((a) => a.contact.network_url)).toEqual(
      expect.arrayContaining(['https://www.linkedin.com/in/jeanne-durand-8c2f1', 'https://www.linkedin.com/in/lena-vogel']),
    );
    await expect.poll(async () => Number(await badgeText(ext.worker)), { timeout: 15_000 }).toBe(badgeCount(sb.sandbox.accounts.get(DEMO_KEY)!));
    await popup.close();
  });
});
