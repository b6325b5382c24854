// The popup tells the truth after reopening, in Chromium: during an outage, a saved note and a
// mark are stored in the outbox; the popup opened again shows the note as typed and the mark as
// queued (no second "Mark sent"), and both reach the sandbox once it is back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { DEMO_KEY } from '../sandbox/seed';
import { until } from '../helpers/until';
import { expandRow, launchConfigured, markByHand, type ExtensionBrowser } from './browser';

let sb: RunningSandbox;
let ext: ExtensionBrowser;
const PAUSED_AGENT = 'ag_H1cJ5yUoDq';

async function openPopup(): Promise<Page> {
  const page = await ext.context.newPage();
  await page.goto(`chrome-extension://${ext.extensionId}/popup.html`);
  await page.getByRole('list', { name: 'Ready invitations' }).waitFor();
  return page;
}

beforeAll(async () => {
  sb = await startSandbox({ port: 0 });
  ext = await launchConfigured(sb.url, DEMO_KEY);
});

afterAll(async () => {
  await ext?.close();
  await sb?.close();
});

describe('the popup reopened during an outage, in Chromium', () => {
  it('shows the queued note as typed and the queued mark without a second Mark sent', async () => {
    const [noted, marked] = sb.sandbox.accounts.get(DEMO_KEY)!.actions.filter((a) => a.status === 'ready' && a.agent_id !== PAUSED_AGENT);
    const nameOf = (a: typeof noted) => `${a!.contact.firstname} ${a!.contact.lastname}`;
    sb.sandbox.faults = { down: true };

    let page = await openPopup();
    const item = await expandRow(page, nameOf(noted));
    await item.getByRole('textbox', { name: 'Note' }).fill('Typed while the service was away');
    await item.getByRole('button', { name: 'Save note' }).click();
    await item.getByText(/^Queued\./).waitFor();
    expect(await item.getByText(/cannot be reached/).count()).toBe(0);
    const other = await expandRow(page, nameOf(marked));
    await markByHand(other);
    await other.getByRole('button', { name: 'Mark sent' }).click();
    await other.waitFor({ state: 'detached' });
    // The undo delay passes with the popup closed: the mark then waits in the outbox.
    await page.close();
    await new Promise((r) => setTimeout(r, 6_500));

    page = await openPopup();
    const again = await expandRow(page, nameOf(noted));
    await expect(again.getByRole('textbox', { name: 'Note' }).inputValue()).resolves.toBe('Typed while the service was away');
    const queued = await expandRow(page, nameOf(marked));
    await queued.getByText(/^Marked sent\. Saved in the extension/).waitFor();
    expect(await queued.getByRole('button', { name: 'Mark sent' }).count()).toBe(0);
    expect(await page.getByText(/cannot be reached/).count()).toBe(0);

    sb.sandbox.faults = {};
    await until(() => sb.sandbox.action(marked!.id)?.status === 'sent', 'the queued mark delivered', 60_000);
    await until(() => sb.sandbox.action(noted!.id)?.message === 'Typed while the service was away', 'the queued note delivered', 60_000);
    await page.close();
  });
});
