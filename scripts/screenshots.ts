// `npm run screenshots`: the popup and the options page against the sandbox, in English and French,
// light and dark, into docs/screenshots/ (docs/design.md shows them). The panel's are taken by the
// same script on a served profile page, brought there as the popup's Open profile does; the desk's
// in its four states, its page in a tab of the window at a side panel's size (Playwright reaches
// no side panel's document; it follows the window's active tab all the same).
import { mkdirSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import { openAsExtension, wholeBudgetForViews, type ExtensionBrowser } from '../test/e2e/browser';
import { profilePage } from '../test/fixtures/profile-page';
import type { SentInvitation } from '../lib/sent-invitations/record';
import { DAY_MS, isPending } from '../lib/sent-invitations/record';
import { SENT_URL } from '../test/fixtures/sent-page';
import { serveSentPage } from '../test/fixtures/serve-profiles';
import { DEMO_KEY } from '../test/sandbox/seed';
import type { RunningSandbox } from '../test/sandbox/server';
import { inEachLanguage } from './lib/each-language';
import { demoProfile } from './lib/demo-browser';
import { slugOfPath } from '../test/fixtures/serve-profiles';
import { shootCheck, shootCheckAfterConnect } from './lib/check-shot';

const out = 'docs/screenshots';
/** `SHOTS=desk npm run screenshots`: the desk's alone, when only the desk changed (a third of the time); `SHOTS=options`: the options page's alone. */
const only = process.env.SHOTS;
/** The seed's paused agent, "Salons Lyon 2026". */
const PAUSED_AGENT = 'ag_H1cJ5yUoDq';
mkdirSync(out, { recursive: true });

async function shoot(ext: ExtensionBrowser, lang: string, scheme: 'light' | 'dark', sb: RunningSandbox) {
  if (only === 'options') return shootOptions(ext, lang, scheme, sb);
  const { context, extensionId } = ext;
  const popup = await context.newPage();
  await popup.emulateMedia({ colorScheme: scheme });
  await popup.setViewportSize({ width: 400, height: 600 });
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await popup.locator('.queue:not(.waiting)').waitFor();
  await popup.locator('.row-toggle').nth(1).click();
  await popup.screenshot({ path: `${out}/popup-${lang}-${scheme}.png` });
  await popup.close();

  /** The popup over a profile the person is on, once `ready` shows in its This profile block. */
  const popupOver = async (url: string, ready: string, file: string) => {
    const person = await context.newPage();
    await person.goto(url);
    const popup = await context.newPage();
    await popup.emulateMedia({ colorScheme: scheme });
    await popup.setViewportSize({ width: 400, height: 600 });
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    await popup.locator(ready).waitFor();
    await popup.screenshot({ path: `${out}/${file}-${lang}-${scheme}.png` });
    await popup.close();
    await person.close();
  };
  // "This profile" over someone not yet in the account: the form to add them.
  await popupOver('https://www.linkedin.com/in/jeanne-durand-8c2f1/', '.add-form button[type=submit]:not([disabled])', 'popup-add');
  // Over a prospect's profile: Prepare here, and the address beside the page title's name.
  const ready = sb.sandbox.accounts.get(DEMO_KEY)!.actions.find((a) => a.status === 'ready' && a.agent_id !== 'ag_H1cJ5yUoDq')!;
  await popupOver(ready.contact.network_url, '.this-profile button.primary', 'popup-prepare');

  await shootOptions(ext, lang, scheme, sb);

  const profile = await context.newPage();
  await profile.emulateMedia({ colorScheme: scheme });
  await profile.setViewportSize({ width: 1100, height: 760 });
  await profile.goto(ready.contact.network_url);
  await openAsExtension(ext, ready.id, profile);
  await profile.waitForTimeout(2500);
  await profile.screenshot({ path: `${out}/panel-${lang}-${scheme}.png` });
  await profile.close();
}

/** The options page's views, the connection check, a letter in Edit and an unplaced email. */
async function shootOptions(ext: ExtensionBrowser, lang: string, scheme: 'light' | 'dark', sb: RunningSandbox) {
  const { context, extensionId } = ext;
  const options = await context.newPage();
  await options.emulateMedia({ colorScheme: scheme });
  await options.setViewportSize({ width: 1000, height: 800 });
  // The Overview first: what waits and each agent's week drawn from the record seeded below (issue 39).
  for (const view of ['overview', 'settings', 'contacts', 'agents', 'invitations']) {
    await options.goto(`chrome-extension://${extensionId}/options.html#${view}`);
    await options.waitForTimeout(1200);
    // Advanced open: the caps, the automatic Send and "Let me click on the page".
    if (view === 'settings') await options.locator('button.disclosure[aria-controls="advanced-body"]').click();
    // An agent chosen, so its statistics, reflexes and meetings show with their own headers.
    // One agent's withdrawn invitations unfolded: "withdrawn on <date>".
    if (view === 'invitations') await options.locator('.sent-record details summary').first().click();
    if (view === 'agents') {
      await options.locator('.agent-tabs button').first().click();
      await options.waitForTimeout(1200);
    }
    await options.screenshot({ path: `${out}/options-${view}-${lang}-${scheme}.png`, fullPage: true });
  }
  // The connection check (issue 37): the table, and the answers' shape beside it.
  await shootCheck(options, extensionId, `${out}/options-check-${lang}-${scheme}.png`);
  // The same check run by itself after Connect, one answer every 4 s, while it reads.
  await shootCheckAfterConnect(options, extensionId, `${out}/options-check-connect-${lang}-${scheme}.png`);
  // A letter on its paper, in Edit: the paper keeps its own colours in the dark theme too.
  await options.goto(`chrome-extension://${extensionId}/options.html#letters`);
  await options.locator('[data-review-item] [data-action="edit"]').first().click();
  await options.locator('.letter-paper textarea').first().waitFor();
  await options.screenshot({ path: `${out}/options-letters-${lang}-${scheme}.png` });
  // Never a blank view (issue 37): emails to validate answered in JSON:API's shape, what the rules do
  // not place shown as labelled lines before Validate.
  sb.sandbox.faults = { shape: 'jsonapi' };
  await options.goto(`chrome-extension://${extensionId}/options.html#emails`);
  await options.locator('.record-lines').first().waitFor();
  await options.screenshot({ path: `${out}/options-emails-unplaced-${lang}-${scheme}.png` });
  sb.sandbox.faults = {};
  await options.close();
}

/** Someone not in the account, on a profile page of their own (the desk's This profile reads the page's title). */
const NEWCOMER = { slug: 'jeanne-durand-8c2f1', name: 'Jeanne Durand' };

async function serveNewcomer(context: BrowserContext) {
  await context.route(`https://www.linkedin.com/in/${NEWCOMER.slug}/`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: profilePage({ ...NEWCOMER, card: 'connect' }) }),
  );
  // A page of the network that is no profile.
  await context.route('https://www.linkedin.com/feed/', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>Feed | LinkedIn</title><main><h1>Feed</h1></main>' }),
  );
}

/**
 * The desk in its states: the invitation of the active tab, prepared (the page's Send focused), sent
 * with the next one named, a paused agent's with Skip (and its help
 * open), This profile of someone new and of someone the record holds, the queue, the Sent page's old
 * invitations.
 */
async function shootDesk(ext: ExtensionBrowser, lang: string, scheme: 'light' | 'dark', sb: RunningSandbox) {
  const { context, extensionId } = ext;
  const desk = await context.newPage();
  await desk.emulateMedia({ colorScheme: scheme });
  await desk.setViewportSize({ width: 400, height: 760 });
  await desk.goto(`chrome-extension://${extensionId}/desk.html`);
  const shot = async (state: string, fullPage = false) => {
    // The focus ring of the next step is the desk's own; the caret and fonts settle first.
    await desk.waitForTimeout(600);
    // Nothing wider than the desk (a sideways scroll at its width is a fault to fix, not to shoot).
    const wide = await desk.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (wide > 0) console.warn(`desk-${state}-${lang}-${scheme}: ${wide} px wider than the desk`);
    await desk.screenshot({ path: `${out}/desk-${state}-${lang}-${scheme}.png`, fullPage });
    // Firefox's sidebar by default (about 240 px; it can be dragged to 200): the same state, narrow.
    await desk.setViewportSize({ width: 240, height: 760 });
    await desk.waitForTimeout(300);
    const narrow = await desk.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (narrow > 0) console.warn(`desk-${state}-240-${lang}-${scheme}: ${narrow} px wider than the desk`);
    await desk.screenshot({ path: `${out}/desk-${state}-240-${lang}-${scheme}.png`, fullPage: true });
    await desk.setViewportSize({ width: 400, height: 760 });
  };
  // A prospect's profile, brought there as Open does: the desk says what the page shows.
  // One the page offers to invite (a Connect button, in sight or under More), to prepare and send.
  const invitable = (a: { contact: { network_url: string } }) =>
    demoProfile(sb.sandbox, slugOfPath(new URL(a.contact.network_url).pathname))?.card.startsWith('connect') === true &&
    demoProfile(sb.sandbox, slugOfPath(new URL(a.contact.network_url).pathname))?.card !== 'connected';
  const ready = sb.sandbox.accounts.get(DEMO_KEY)!.actions.find((a) => a.status === 'ready' && a.agent_id !== PAUSED_AGENT && a.message && invitable(a))!;
  const person = await context.newPage();
  await person.goto(ready.contact.network_url);
  await person.bringToFront();
  await openAsExtension(ext, ready.id, person);
  await desk.locator('.at-hand button.primary').waitFor();
  await desk
    .locator('.at-hand .state, .at-hand [role=status]')
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  await shot('invitation');
  // Prepare pressed: the note typed in the page, whose Send has the focus for the person's Enter.
  await desk.locator('.at-hand button.primary').click();
  await person.locator('[data-send]:focus, [data-without]:focus').waitFor({ timeout: 15_000 });
  await shot('prepared');
  // The page's Send pressed by the person: recorded, and the next named with Open, focused.
  await person.locator('[data-send], [data-without]').first().click();
  await desk.locator('.at-hand .next-up button.next').waitFor({ timeout: 15_000 });
  await shot('next');
  // A paused agent's invitation: no Prepare, Skip (S) names the next; then its help and keys open.
  const actions = sb.sandbox.accounts.get(DEMO_KEY)!.actions;
  const waiting = actions.find((a) => a.status === 'ready' && a.agent_id === PAUSED_AGENT)!;
  await person.goto(waiting.contact.network_url);
  await desk.locator('.at-hand button.skip').waitFor({ timeout: 15_000 });
  await shot('paused');
  await desk.locator('.at-hand details.more summary').last().click();
  await shot('help', true);
  // A prospect already connected: once the page is read (Prepare), its first step is the mark that records it.
  const connected = actions.find(
    (a) =>
      a.status === 'ready' && a.agent_id !== PAUSED_AGENT && demoProfile(sb.sandbox, slugOfPath(new URL(a.contact.network_url).pathname))?.card === 'connected',
  );
  if (connected) {
    await person.goto(connected.contact.network_url);
    await openAsExtension(ext, connected.id, person);
    // Its own invitation first (not the paused one's Skip, primary there), then Prepare unless the page was read already.
    await desk.locator('.at-hand h2', { hasText: `${connected.contact.firstname} ${connected.contact.lastname}` }).waitFor({ timeout: 15_000 });
    const mark = desk.locator('.at-hand > .row button.primary', { hasText: /:/ });
    await mark.waitFor({ timeout: 5_000 }).catch(() => desk.locator('.at-hand > .row button.primary').first().click());
    await mark.waitFor({ timeout: 15_000 });
    await shot('recorded');
  }
  // Someone without an invitation: This profile, with the form to add them to an agent.
  await person.goto(`https://www.linkedin.com/in/${NEWCOMER.slug}/`);
  await desk.locator('.this-profile .add-form button[type=submit]:not([disabled])').waitFor({ timeout: 15_000 });
  await shot('profile');
  // Someone the extension invited (seedSentRecord): This profile says so from its record, no agent offered.
  const earlier = actions.find((a) => a.status === 'sent' && a.agent_id !== PAUSED_AGENT)!;
  await person.goto(earlier.contact.network_url);
  await desk.locator('.this-profile .sent-before').waitFor({ timeout: 15_000 });
  await shot('sent-before');
  // Off the network's profiles: the queue and the weekly pace.
  await person.goto('https://www.linkedin.com/feed/');
  await desk.locator('.queue:not(.waiting)').waitFor({ timeout: 15_000 });
  await shot('queue');
  // The network's Sent invitations page (sentPageOf): its old invitations of the agents', the
  // oldest withdrawn as a person does it, Withdraw in the desk then the confirmation in the page.
  await person.goto(SENT_URL);
  const withdraw = desk.locator('.sent-rows li button.withdraw');
  await withdraw.first().waitFor({ timeout: 15_000 });
  await withdraw.first().click();
  await person.locator('[data-confirmation] [data-confirm]').click({ timeout: 10_000 });
  await desk.locator('.sent-rows li .withdrawn').waitFor({ timeout: 15_000 });
  await desk.locator('.sent-rows li .answer .done').waitFor({ timeout: 10_000 });
  // Whole: the desk scrolls, and its last line (the old invitations not on this page) falls below the fold in French.
  await shot('sent', true);
  await person.close();
  await desk.close();
}

/**
 * The invitations view's record of invitations sent through the extension, as weeks of use leave it:
 * the demo account's sent invitations, a few weeks old, some accepted and some withdrawn.
 */
async function seedSentRecord(ext: ExtensionBrowser, sb: RunningSandbox): Promise<SentInvitation[]> {
  const now = Date.now();
  const sent = sb.sandbox.accounts.get(DEMO_KEY)!.actions.filter((a) => a.status !== 'failed' && a.agent_id !== PAUSED_AGENT);
  const record: SentInvitation[] = sent.slice(0, 24).map((a, i) => ({
    actionId: a.id,
    slug: a.contact.network_url.split('/in/')[1]!,
    name: `${a.contact.firstname} ${a.contact.lastname}`,
    agentId: a.agent_id,
    note: a.message,
    sentAt: now - (2 + i * 2) * DAY_MS,
    ...(i % 5 === 3 ? { acceptedAt: now - i * DAY_MS } : {}),
    ...(i % 7 === 6 ? { withdrawnAt: now - (i - 5) * DAY_MS } : {}),
  }));
  await ext.worker.evaluate(
    (sentRecord) => (globalThis as unknown as { chrome: { storage: { local: { set(v: object): Promise<void> } } } }).chrome.storage.local.set({ sentRecord }),
    record,
  );
  return record;
}

/**
 * The Sent invitations page as the network would show it with that record: three of its old
 * invitations still pending that the service holds as sent (all a month old or more), and an
 * invitation sent by other means, which the desk does not list.
 */
function sentPageOf(record: readonly SentInvitation[], sb: RunningSandbox, lang: 'en' | 'fr') {
  const actions = sb.sandbox.accounts.get(DEMO_KEY)!.actions;
  const ours = record.filter((i) => isPending(i) && Date.now() - i.sentAt >= 28 * DAY_MS);
  const row = (a: (typeof actions)[number], sentAt: number) => ({
    slug: a.contact.network_url.split('/in/')[1]!,
    name: `${a.contact.firstname} ${a.contact.lastname}`,
    sentAt,
  });
  const invitations = ours.flatMap((i) => actions.filter((a) => a.id === i.actionId && a.status === 'sent').map((a) => row(a, i.sentAt))).slice(0, 3);
  const other = actions.find((a) => a.status === 'sent' && !record.some((i) => i.actionId === a.id));
  if (other) invitations.push(row(other, other.sent_at!));
  return { invitations, lang };
}

await inEachLanguage(async (ext, lang, sb) => {
  // Eight views and their parts, twice: within the default budget the last ones would show its wait.
  await wholeBudgetForViews(ext);
  await serveNewcomer(ext.context);
  let record: SentInvitation[] = [];
  await serveSentPage(ext.context, () => sentPageOf(record, sb, lang));
  for (const scheme of ['light', 'dark'] as const) {
    // Again for each scheme: the desk's Sent state withdraws one of its invitations.
    record = await seedSentRecord(ext, sb);
    if (only !== 'desk') await shoot(ext, lang, scheme, sb);
    if (only !== 'options') await shootDesk(ext, lang, scheme, sb);
  }
});
console.log(`Screenshots written to ${out}/`);
