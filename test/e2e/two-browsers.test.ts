// One account, two browsers (issue 51): two Chromium profiles of the extension, one in English and
// one in French, connected to one sandbox that refuses a mark on an invitation no longer ready, as
// a strict service may. Each scenario is checked on the sandbox's state and on what each browser
// says: the stale mark, two notes saved on one, the race of two marks queued during an outage, and
// a mark a lenient service let another browser replace.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { DEMO_KEY } from '../sandbox/seed';
import type { SandboxAction } from '../sandbox/state';
import { until } from '../helpers/until';
import { askAsExtension, launchExtension, waitForBadgeCount, type ExtensionBrowser } from './browser';

let sb: RunningSandbox;
/** A, in English, and B, in French: the same account. */
let a: ExtensionBrowser;
let b: ExtensionBrowser;
const PAUSED_AGENT = 'ag_H1cJ5yUoDq';

const WORDS = {
  en: {
    note: 'Note',
    save: 'Save note',
    saved: 'Note saved.',
    changed: 'this note was changed elsewhere since you opened it',
    versions: 'Two versions of this note',
    keepMine: 'Keep mine',
    raced: 'was marked sent after your mark',
    list: 'Ready invitations',
    byHand: 'Mark by hand',
    failed: 'Mark failed',
    confirm: 'Confirm failed',
    retry: 'Retry',
    sent: 'was already marked sent',
    failedAlready: 'was already marked failed',
  },
  fr: {
    note: 'Note',
    save: 'Enregistrer la note',
    saved: 'Note enregistrée.',
    changed: 'cette note a été modifiée ailleurs depuis que vous l’avez ouverte',
    versions: 'Deux versions de cette note',
    keepMine: 'Garder la mienne',
    raced: 'a été marquée envoyée après votre marque',
    list: 'Invitations prêtes',
    byHand: 'Marquer à la main',
    failed: 'Marquer en échec',
    confirm: "Confirmer l'échec",
    retry: 'Réessayer',
    sent: 'était déjà marquée envoyée',
    failedAlready: 'était déjà marquée en échec',
  },
};

async function connected(lang: 'en' | 'fr'): Promise<ExtensionBrowser> {
  const ext = await launchExtension({ lang });
  const reply = await askAsExtension(ext, { type: 'connect', baseUrl: sb.url, apiKey: DEMO_KEY });
  if (!reply.ok) throw new Error(`connect refused: ${reply.error?.message}`);
  await waitForBadgeCount(ext.worker);
  return ext;
}

async function popup(ext: ExtensionBrowser, lang: 'en' | 'fr'): Promise<Page> {
  const page = await ext.context.newPage();
  await page.goto(`chrome-extension://${ext.extensionId}/popup.html`);
  await page.getByRole('list', { name: WORDS[lang].list }).waitFor();
  return page;
}

const nameOf = (x: SandboxAction) => `${x.contact.firstname} ${x.contact.lastname}`;
const readyOnes = () => sb.sandbox.accounts.get(DEMO_KEY)!.actions.filter((x) => x.status === 'ready' && x.agent_id !== PAUSED_AGENT && x.contact.firstname);

beforeAll(async () => {
  sb = await startSandbox({ port: 0, strictSent: true, conflictStatus: true });
  [a, b] = await Promise.all([connected('en'), connected('fr')]);
});

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await sb?.close();
});

describe('one account in two browsers', () => {
  it('a stale mark: B marks failed the invitation A marked sent a moment before; B is told so in words, with nothing to retry, and the service keeps A’s', async () => {
    const [target] = readyOnes();
    const name = nameOf(target!);
    // B's popup was open before A marked.
    const page = await popup(b, 'fr');
    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
    await row.locator('.row-toggle').click();
    expect((await askAsExtension(a, { type: 'markSent', actionId: target!.id })).ok).toBe(true);
    expect(sb.sandbox.action(target!.id)?.status).toBe('sent');

    await row.getByText(WORDS.fr.byHand).click();
    await row.getByRole('button', { name: WORDS.fr.failed }).click();
    await row.getByRole('button', { name: WORDS.fr.confirm }).click();
    // The undo delay passes, the service refuses, and the refusal is read again and said.
    const said = page.getByText(new RegExp(`${name}.*${WORDS.fr.sent}`));
    await said.waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: WORDS.fr.retry }).count()).toBe(0);
    await row.waitFor({ state: 'detached' });
    expect(sb.sandbox.action(target!.id)).toMatchObject({ status: 'sent' });
    await page.close();
  });

  it('an outage race: A marks sent and B marks failed while the service is away; when it returns, one mark holds and the other browser says which, in its language', async () => {
    const [, target] = readyOnes();
    const name = nameOf(target!);
    sb.sandbox.faults = { down: true };
    const [sent, failed] = await Promise.all([
      askAsExtension(a, { type: 'markSent', actionId: target!.id }),
      askAsExtension(b, { type: 'markFailed', actionId: target!.id, reason: 'other', text: '' }),
    ]);
    expect(sent.ok && failed.ok).toBe(true);
    sb.sandbox.faults = {};
    // Opening a page during an outage sends the probe at once: each browser's queued mark then goes.
    const [pageA, pageB] = await Promise.all([popup(a, 'en'), popup(b, 'fr')]);
    await until(
      () => sb.sandbox.log.filter((l) => (l.route === 'markSent' || l.route === 'markFailed') && l.path.includes(target!.id)).length >= 2,
      'both marks reach the service',
      90_000,
    );
    const kept = sb.sandbox.action(target!.id)!.status;
    expect(['sent', 'failed']).toContain(kept);
    const [winner, loser, loserLang] = kept === 'sent' ? [pageA, pageB, 'fr' as const] : [pageB, pageA, 'en' as const];
    const words = WORDS[loserLang];
    // This mark's own refused line: the page's whole text may hold its name before the stale mark's
    // words (seen in CI while this line still showed the service's refusal, with Retry).
    const line = loser.locator('li.dead').filter({ hasText: new RegExp(`${name}.*${kept === 'sent' ? words.sent : words.failedAlready}`) });
    await line.waitFor({ timeout: 30_000 });
    expect(await line.getByRole('button', { name: words.retry }).count()).toBe(0);
    // The winner says nothing of this one (the stale mark's line, above, may still be shown in B).
    expect(
      await winner
        .locator('li.dead')
        .filter({ hasText: new RegExp(`${name}.*(already marked|déjà marquée)`) })
        .count(),
    ).toBe(0);
    await Promise.all([pageA.close(), pageB.close()]);
  });

  it('two notes: A saves a note while B’s editor still shows the old one; B’s save overwrites nothing, B sees both in its words and Keep mine sends B’s on purpose', async () => {
    const [, , target] = readyOnes();
    const name = nameOf(target!);
    const [pageA, pageB] = await Promise.all([popup(a, 'en'), popup(b, 'fr')]);
    const rowOf = (page: Page) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
    const [rowA, rowB] = [rowOf(pageA), rowOf(pageB)];
    await rowA.locator('.row-toggle').click();
    await rowB.locator('.row-toggle').click();

    await rowA.getByRole('textbox', { name: WORDS.en.note }).fill('Saved first, in browser A');
    await rowA.getByRole('button', { name: WORDS.en.save }).click();
    await rowA.getByText(WORDS.en.saved).waitFor();
    expect(sb.sandbox.action(target!.id)!.message).toBe('Saved first, in browser A');

    await rowB.getByRole('textbox', { name: WORDS.fr.note }).fill('Tapée dans B sur l’ancienne note');
    await rowB.getByRole('button', { name: WORDS.fr.save }).click();
    await rowB.getByText(new RegExp(WORDS.fr.changed)).first().waitFor();
    expect(sb.sandbox.action(target!.id)!.message).toBe('Saved first, in browser A');
    const choice = rowB.getByRole('group', { name: WORDS.fr.versions });
    await choice.getByText('Saved first, in browser A').waitFor();
    await choice.getByText('Tapée dans B sur l’ancienne note').waitFor();

    await choice.getByRole('button', { name: WORDS.fr.keepMine }).click();
    await until(() => sb.sandbox.action(target!.id)!.message === 'Tapée dans B sur l’ancienne note', 'B’s note kept, on purpose', 20_000);
    await rowB.getByText(WORDS.fr.saved).waitFor();
    await Promise.all([pageA.close(), pageB.close()]);
  });

  it('a lenient service: B’s mark failed is accepted, then A’s mark sent replaces it; B’s next poll finds it and says so in B’s words, with what the service holds', async () => {
    const [, , , target] = readyOnes();
    const name = nameOf(target!);
    sb.sandbox.strictSent = false;
    try {
      expect((await askAsExtension(b, { type: 'markFailed', actionId: target!.id, reason: 'other', text: '' })).ok).toBe(true);
      await until(() => sb.sandbox.action(target!.id)?.status === 'failed', 'B’s mark delivered');
      expect((await askAsExtension(a, { type: 'markSent', actionId: target!.id })).ok).toBe(true);
      await until(() => sb.sandbox.action(target!.id)?.status === 'sent', 'A’s mark replacing it');
      // B's next poll (Refresh runs it) reads the sent list once while B's delivered mark is watched.
      expect((await askAsExtension(b, { type: 'refresh' })).ok).toBe(true);
      const page = await popup(b, 'fr');
      await page.getByText(new RegExp(`${name}.*${WORDS.fr.raced}`)).waitFor({ timeout: 30_000 });
      const pageA = await popup(a, 'en');
      expect(await pageA.getByText(new RegExp(WORDS.en.raced)).count()).toBe(0);
      await Promise.all([page.close(), pageA.close()]);
    } finally {
      sb.sandbox.strictSent = true;
    }
  });
});
