// One account, two browsers (issue 51, item 2), in Chromium: A saves a note while B's popup still
// shows the old one; B's save then overwrites nothing: B sees both notes, and Keep mine sends B's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { DEMO_KEY } from '../sandbox/seed';
import { until } from '../helpers/until';
import { expandRow, launchConfigured, type ExtensionBrowser } from './browser';

let sb: RunningSandbox;
let a: ExtensionBrowser;
let b: ExtensionBrowser;

async function openPopup(ext: ExtensionBrowser): Promise<Page> {
  const page = await ext.context.newPage();
  await page.goto(`chrome-extension://${ext.extensionId}/popup.html`);
  await page.getByRole('list', { name: 'Ready invitations' }).waitFor();
  return page;
}

beforeAll(async () => {
  sb = await startSandbox({ port: 0 });
  a = await launchConfigured(sb.url, DEMO_KEY);
  b = await launchConfigured(sb.url, DEMO_KEY);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await sb?.close();
});

describe('two browsers edit one note', () => {
  it('the later save overwrites nothing unseen: it shows both notes, and Keep mine sends it on the other', async () => {
    const action = sb.sandbox.accounts.get(DEMO_KEY)!.actions.find((x) => x.status === 'ready' && x.agent_id !== 'ag_H1cJ5yUoDq')!;
    const name = `${action.contact.firstname} ${action.contact.lastname}`;
    const popupA = await openPopup(a);
    const popupB = await openPopup(b);
    const rowA = await expandRow(popupA, name);
    const rowB = await expandRow(popupB, name);

    await rowA.getByRole('textbox', { name: 'Note' }).fill('Saved first, in browser A');
    await rowA.getByRole('button', { name: 'Save note' }).click();
    await rowA.getByText('Note saved.').waitFor();
    expect(sb.sandbox.action(action.id)!.message).toBe('Saved first, in browser A');

    await rowB.getByRole('textbox', { name: 'Note' }).fill('Typed in browser B on the old note');
    await rowB.getByRole('button', { name: 'Save note' }).click();
    await rowB
      .getByText(/this note was changed elsewhere since you opened it/)
      .first()
      .waitFor();
    expect(sb.sandbox.action(action.id)!.message).toBe('Saved first, in browser A');
    const choice = rowB.getByRole('group', { name: 'Two versions of this note' });
    await choice.getByText('Saved first, in browser A').waitFor();
    await choice.getByText('Typed in browser B on the old note').waitFor();

    await choice.getByRole('button', { name: 'Keep mine' }).click();
    await until(() => sb.sandbox.action(action.id)!.message === 'Typed in browser B on the old note', 'B’s note kept, on purpose', 20_000);
    await rowB.getByText('Note saved.').waitFor();
    await popupA.close();
    await popupB.close();
  });
});
