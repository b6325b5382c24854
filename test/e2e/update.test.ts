// An update keeps everything, in Chromium: the previous release's build is installed in a browser
// profile; a key, settings, a draft note, a mark queued while the service is down and a refused
// write are made with it; the current build then replaces it in the same folder (so the same
// extension id) and the same profile. Everything is still there, and the queued mark is delivered
// once when the service returns.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SCHEMA_VERSION } from '../../lib/store/migrations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Worker } from 'playwright-core';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { DEMO_KEY } from '../sandbox/seed';
import { until } from '../helpers/until';
import { configureThroughOptions, expandRow, launchExtension, SANDBOX_BUILD, waitForBadgeCount, type ExtensionBrowser } from './browser';
import { installInto, installUpdate, PREVIOUS_RELEASE, previousReleaseBuild } from './previous-release';

const ACTIVE = 'ag_7Kq2mX9pLs';
const DOOMED = 'ag_R4tVw8ZbNe';
const DRAFT = 'Kept across the update, not saved yet';

let sb: RunningSandbox;
let ext: ExtensionBrowser | undefined;
let root: string;

beforeAll(async () => {
  sb = await startSandbox({ port: 0 });
  root = mkdtempSync(join(tmpdir(), 'ia-update-'));
}, 300_000);

afterAll(async () => {
  await ext?.close();
  await sb?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

type Local = Record<string, unknown>;
const storedLocal = (worker: Worker) =>
  worker.evaluate(() => (globalThis as unknown as { chrome: { storage: { local: { get(k: null): Promise<Local> } } } }).chrome.storage.local.get(null));

async function send(page: Page, message: unknown): Promise<{ ok: boolean; data?: { state?: string } }> {
  return page.evaluate(
    (m) => (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<never> } } }).chrome.runtime.sendMessage(m),
    message,
  );
}

const outboxOf = (local: Local) => {
  const meta = local.outboxMeta as { order: string[]; dead: Array<{ actionId: string }> } | undefined;
  return {
    queued: (meta?.order ?? []).map((id) => (local[`outboxEntry:${id}`] as { actionId: string }).actionId),
    dead: (meta?.dead ?? []).map((d) => d.actionId),
  };
};

describe(`an update from ${PREVIOUS_RELEASE.version} to this build, in Chromium`, () => {
  it('keeps the key, settings, a draft note, a queued mark and a refused write; the queued mark is delivered once', async () => {
    const dir = join(root, 'extension');
    const profileDir = join(root, 'profile');
    installInto(dir, previousReleaseBuild());
    const account = sb.sandbox.accounts.get(DEMO_KEY)!;
    const ready = account.actions.filter((a) => a.status === 'ready');
    const queued = ready.find((a) => a.agent_id === ACTIVE)!;
    const drafted = ready.find((a) => a.agent_id === ACTIVE && a !== queued)!;
    const refused = ready.find((a) => a.agent_id === DOOMED)!;

    // The previous release, as a person used it.
    ext = await launchExtension({ build: dir, profileDir });
    const extensionId = ext.extensionId;
    await configureThroughOptions(ext, sb.url, DEMO_KEY);
    await waitForBadgeCount(ext.worker);
    const options = await ext.context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html#settings`);
    await options.getByRole('button', { name: 'Advanced' }).click();
    // The previous release's form may fill its fields from a late answer of the background after
    // they were typed (fixed since): typed and saved again until the cap is stored.
    await until(
      async () => {
        if (((await storedLocal(ext!.worker)).settings as { weeklyCap?: number } | undefined)?.weeklyCap === 42) return true;
        await options.getByLabel('Weekly invitation cap').fill('42');
        await options.getByRole('button', { name: 'Save settings' }).click();
        await options.getByText('Settings saved.').waitFor();
        return false;
      },
      'the weekly cap stored',
      30_000,
    );

    const popup = await ext.context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    const row = await expandRow(popup, `${drafted.contact.firstname} ${drafted.contact.lastname}`);
    await row.getByRole('textbox', { name: 'Note' }).fill(DRAFT);
    await until(
      async () => ((await storedLocal(ext!.worker)).noteDrafts as Record<string, string> | undefined)?.[drafted.id] === DRAFT,
      'the draft stored',
      10_000,
    );

    // A refused write: its agent was cancelled on the service.
    account.agents.find((a) => a.id === DOOMED)!.status = 'cancelled';
    await send(options, { type: 'markSent', actionId: refused.id });
    await until(async () => outboxOf(await storedLocal(ext!.worker)).dead.includes(refused.id), 'the refused write', 60_000);

    // A mark queued while the service is down.
    sb.sandbox.faults = { down: true };
    await expect(send(options, { type: 'markSent', actionId: queued.id })).resolves.toMatchObject({ ok: true, data: { state: 'queued' } });
    const before = await storedLocal(ext.worker);
    expect(outboxOf(before).queued).toEqual([queued.id]);
    expect(before.schemaVersion).toBeUndefined();
    expect(before.settings).toMatchObject({ baseUrl: sb.url, weeklyCap: 42 });
    // The current build in its place, in the same folder and profile, the service still down.
    await ext.close();
    ext = undefined;
    installUpdate(dir, SANDBOX_BUILD, profileDir, extensionId);
    ext = await launchExtension({ build: dir, profileDir });
    expect(ext.extensionId).toBe(extensionId);
    const worker = ext.worker;
    const page = await ext.context.newPage();
    // onInstalled 'update' opens nothing (no welcome page, no options page): only the blank tab
    // the browser starts with, and the page just opened here.
    await page.waitForTimeout(1_500);
    expect(ext.context.pages().filter((p) => p !== page && p.url() !== 'about:blank')).toEqual([]);
    await until(async () => (await storedLocal(worker)).schemaVersion === SCHEMA_VERSION, 'the data migrated', 20_000);
    const after = await storedLocal(worker);
    expect(outboxOf(after)).toEqual({ queued: [queued.id], dead: [refused.id] });
    expect(after.settings).toMatchObject({ baseUrl: sb.url, weeklyCap: 42 });
    // Sealed again, now bound to the origin it was saved for (lib/store/storage.ts, `bound`); the
    // delivery below proves it still opens to the same key.
    expect(after.apiKey).toMatchObject({ v: 1, origin: new URL(sb.url).origin });
    expect(after.apiKey).not.toEqual(before.apiKey);
    expect(after.noteDrafts).toEqual({ [drafted.id]: DRAFT });

    // As the person sees it: the draft in its note, the refused write listed, the mark queued.
    await page.goto(`chrome-extension://${extensionId}/popup.html`);
    const again = await expandRow(page, `${drafted.contact.firstname} ${drafted.contact.lastname}`);
    await expect(again.getByRole('textbox', { name: 'Note' }).inputValue()).resolves.toBe(DRAFT);
    await page.getByText(`${refused.contact.firstname} ${refused.contact.lastname}`).first().waitFor();
    await page.goto(`chrome-extension://${extensionId}/options.html#settings`);
    await page.getByRole('button', { name: 'Advanced' }).click();
    await expect(page.getByLabel('Weekly invitation cap').inputValue()).resolves.toBe('42');

    // The service returns: the queued mark goes out with the key the previous release stored, once.
    sb.sandbox.faults = {};
    await until(() => sb.sandbox.action(queued.id)?.status === 'sent', 'the queued mark delivered', 90_000);
    await waitForBadgeCount(worker);
    await page.waitForTimeout(3_000);
    const delivered = sb.sandbox.log.filter((l) => l.route === 'markSent' && l.status === 200 && l.path.includes(queued.id));
    expect(delivered).toHaveLength(1);
    expect(outboxOf(await storedLocal(worker))).toEqual({ queued: [], dead: [refused.id] });
    await page.close();
  }, 420_000);
});
