// Issue 39, item 3: an afternoon at the desk with the keyboard alone, in Chromium, on the sandbox's
// seed (agent "Salons Lyon 2026" paused). The desk is opened in a tab of the window as in desk.test.ts
// (Playwright reaches no side panel); the person's keys are page.keyboard presses, counted per
// invitation, in the desk and, for the page's own Send, in the profile's tab. No mouse click at all.
// Five invitations: a paused agent's (skipped with S), three sent (Enter, the page's Send, N), and
// one of those three opened again, shown from the extension's own record, with no Add to agent.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureOptions } from '../fixtures/profile-page';
import { serveProfiles, slugOfPath } from '../fixtures/serve-profiles';
import { until } from '../helpers/until';
import type { SandboxAction } from '../sandbox/state';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { DEMO_KEY } from '../sandbox/seed';
import { launchConfigured, type ExtensionBrowser } from './browser';

let sb: RunningSandbox;
let ext: ExtensionBrowser;
let desk: Page;
const pages = new Map<string, Omit<FixtureOptions, 'slug'>>();

const account = () => sb.sandbox.accounts.get(DEMO_KEY)!;
const slugOf = (a: SandboxAction) => slugOfPath(new URL(a.contact.network_url).pathname);
const nameOf = (a: SandboxAction) => `${a.contact.firstname} ${a.contact.lastname}`;
const actionAt = (page: Page) => account().actions.find((a) => slugOf(a) === slugOfPath(new URL(page.url()).pathname))!;
const atHand = (name: string) => desk.getByRole('region', { name });
const focused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** Keys pressed, per invitation. */
const keys: Record<string, string[]> = {};
async function press(page: Page, who: string, key: string) {
  (keys[who] ??= []).push(key);
  await page.keyboard.press(key);
}

beforeAll(async () => {
  sb = await startSandbox({ port: 0 });
  ext = await launchConfigured(sb.url, DEMO_KEY);
  // Every ready prospect has a profile with Connect, played by the site's script.
  for (const a of account().actions) pages.set(slugOf(a), { name: nameOf(a), card: 'connect', mimic: {} });
  await serveProfiles(ext.context, (slug) => pages.get(slug));
  desk = await ext.context.newPage();
  await desk.goto(`chrome-extension://${ext.extensionId}/desk.html`);
  await desk.getByRole('main', { name: 'Desk' }).waitFor();
});

afterAll(async () => {
  await ext?.close();
  await sb?.close();
});

describe('the desk with the keyboard alone (Chromium)', () => {
  it('works five invitations without the mouse: S skips the paused agent’s, Enter prepares, the page’s Send, N opens the next in the same tab with the focus in the desk; one sent earlier shows its record and no Add to agent', async () => {
    const agents = account().agents;
    const paused = agents.find((g) => g.status === 'paused')!;
    const waiting = account().actions.find((a) => a.status === 'ready' && a.agent_id === paused.id)!;
    // The person looks at the paused agent's prospect (their own navigation, before any key).
    const page = await ext.context.newPage();
    await page.goto(`https://www.linkedin.com/in/${slugOf(waiting)}/`);
    await page.bringToFront();

    // 1. The paused agent's: no Prepare; Skip has the focus and names the next with its agent.
    const first = atHand(nameOf(waiting));
    await first
      .getByRole('status')
      .getByText(/agent is paused/)
      .waitFor({ timeout: 10_000 });
    expect(await first.getByRole('button', { name: 'Prepare the invitation' }).count()).toBe(0);
    const skip = first.getByRole('button', { name: 'Skip' });
    await expect.poll(() => focused(skip), { timeout: 5000 }).toBe(true);
    let nextName = (await first.locator('.next-up strong').textContent())!;
    expect(await first.locator('.next-up').textContent()).not.toContain(paused.name);
    await press(desk, nameOf(waiting), 's');
    await page.waitForURL((url) => slugOfPath(url.pathname) !== slugOf(waiting), { timeout: 10_000 });
    expect(actionAt(page).status).toBe('ready');
    expect(desk.isClosed()).toBe(false);

    // 2-4. Three sent with the keyboard: Enter in the desk, the page's Send from the keyboard, N.
    const sent: SandboxAction[] = [];
    for (let i = 0; i < 3; i++) {
      const action = actionAt(page);
      const who = nameOf(action);
      expect(who).toBe(nextName);
      expect(action.agent_id).not.toBe(paused.id);
      const card = atHand(who);
      const prepare = card.getByRole('button', { name: 'Prepare the invitation' });
      await prepare.waitFor({ timeout: 10_000 });
      // The next profile opened: the focus is in the desk, on its next step.
      await expect.poll(() => focused(prepare), { timeout: 5000 }).toBe(true);
      await press(desk, who, 'Enter');
      await expect.poll(() => page.locator('#custom-message').inputValue(), { timeout: 10_000 }).toBe(action.message ?? '');
      await card
        .getByRole('status')
        .getByText(/press Send on the page/)
        .waitFor({ timeout: 10_000 });
      // The page's Send, reached from the keyboard as a person would (Tab until it has the focus).
      for (let tabs = 0; !(await page.locator('[data-send]').evaluate((el) => el === document.activeElement)); tabs++) {
        expect(tabs).toBeLessThan(6);
        await press(page, who, 'Tab');
      }
      await press(page, who, 'Enter');
      await until(() => action.status === 'sent', `${who} marked sent`);
      await card.getByText('Marked sent on the service.').waitFor({ timeout: 10_000 });
      const open = card.getByRole('button', { name: 'Open', exact: true });
      await expect.poll(() => focused(open), { timeout: 5000 }).toBe(true);
      nextName = (await card.locator('.next-up strong').textContent())!;
      expect(await card.locator('.next-up').textContent()).not.toContain(paused.name);
      sent.push(action);
      if (i < 2) {
        await press(desk, who, 'n');
        await page.waitForURL((url) => slugOfPath(url.pathname) !== slugOf(action), { timeout: 10_000 });
      }
    }

    // 5. The first of them opened again (the person's own navigation): the extension's record, no agent offered.
    const earlier = sent[0]!;
    pages.set(slugOf(earlier), { name: nameOf(earlier), card: 'pending' });
    await page.goto(`https://www.linkedin.com/in/${slugOf(earlier)}/`);
    const profile = desk.getByRole('region', { name: /This profile/ });
    const agentName = agents.find((g) => g.id === earlier.agent_id)!.name;
    await profile.getByText(new RegExp(`^Invitation sent on .+ through ${agentName}$`)).waitFor({ timeout: 10_000 });
    if (earlier.message) await profile.getByText(earlier.message).waitFor();
    expect(await profile.getByRole('button', { name: 'Add to this agent' }).count()).toBe(0);
    expect(await profile.getByRole('combobox', { name: 'Add to agent' }).count()).toBe(0);

    // Keys per invitation: 1 to skip; Enter + the page's Send (its Tabs and Enter) + N to go on.
    console.info('desk keyboard: keys per invitation', JSON.stringify(Object.values(keys).map((k) => k.length)), JSON.stringify(keys));
    expect(keys[nameOf(waiting)]).toEqual(['s']);
    sent.forEach((action, i) => {
      const pressed = keys[nameOf(action)]!;
      const inDesk = pressed.filter((k) => k !== 'Tab');
      expect(inDesk).toEqual(i < 2 ? ['Enter', 'Enter', 'n'] : ['Enter', 'Enter']);
    });
  });
});
