// @vitest-environment happy-dom
// The background's side of issue 33, through its messages: the record kept as marks are made and
// delivered, the old invitations for the desk's view (the service's sent actions read at most once
// an hour), a withdrawal on the simulated Sent page (in this test's document, as the tab's), and
// acceptance read on a profile the person visits.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SentInvitationsReply, WithdrawReply } from '../../../lib/background/sent-invitations';
import type { NetworkAction } from '../../../lib/api/schemas';
import { readWithdrawDialog } from '../../../lib/page/reader/sent-dialog';
import { findSentRow, readSentPage } from '../../../lib/page/reader/sent-page';
import { profileSlug } from '../../../lib/network/profile-url';
import { DAY_MS } from '../../../lib/sent-invitations/record';
import { actionsItem, sentLogItem, sentRecordItem, settingsItem, withdrawalsItem } from '../../../lib/store/storage';
import { profilePage } from '../../fixtures/profile-page';
import { SENT_URL, showSentPage } from '../../fixtures/sent-page';
import { clockedController, configure, contentSender } from '../../helpers/controller';
import { human } from '../../helpers/human';
import { until } from '../../helpers/until';
import { fakeClock, pass, settle } from '../../helpers/fake-clock';

const SENT_TAB = 5;

afterEach(() => {
  document.body.innerHTML = '';
});

/** A configured background on a clock the test moves, its ready list polled. */
async function wired() {
  const w = clockedController(() => false);
  await configure();
  await w.controller.poll();
  const actions = (await actionsItem.getValue())!.actions.filter((a) => a.agentId !== 'ag_H1cJ5yUoDq');
  const sentReads = () => w.fetchSpy.mock.calls.filter(([input]) => String(input).includes('status=sent')).length;
  return { ...w, actions, sentReads };
}

const slugOf = (a: NetworkAction) => profileSlug(a.prospect.profileUrl)!;
const invitationOf = (a: NetworkAction) => ({ slug: slugOf(a), name: a.prospect.name!, sentAt: Date.now() - 30 * DAY_MS });

/** Marks sent from the popup, each delivered (writes go a second apart: the clock moves on between them). */
async function markSent(w: Awaited<ReturnType<typeof wired>>, ...actions: NetworkAction[]) {
  for (const a of actions) {
    const reply = await w.ask({ type: 'markSent', actionId: a.id });
    if (!reply.ok) throw new Error(reply.error.message);
    w.advance(1_000);
    await w.controller.deliver();
  }
}

const confirmOf = (slug: string) => readWithdrawDialog(document, findSentRow(readSentPage(document, SENT_URL), slug).row!, { address: SENT_URL }).dialog!;

describe('the record of invitations marked sent', () => {
  it('keeps each invitation marked sent (profile, agent, note, time) and when the service took it; the pace’s log still counts it', async () => {
    const w = await wired();
    const [a] = w.actions;
    const at = w.platform.now();
    await markSent(w, a!);
    expect(await sentRecordItem.getValue()).toEqual([
      {
        actionId: a!.id,
        slug: slugOf(a!),
        name: a!.prospect.name,
        agentId: a!.agentId,
        agentName: a!.agentName,
        note: a!.message,
        sentAt: at,
        deliveredAt: at,
      },
    ]);
    expect(await sentLogItem.getValue()).toEqual([at]);
  });

  it('forgets a mark taken back before it went, and keeps nothing of a failed mark', async () => {
    const w = await wired();
    const [a, b] = w.actions;
    const held = await w.ask({ type: 'markSent', actionId: a!.id, undoable: true });
    expect((await sentRecordItem.getValue()).map((i) => i.actionId)).toEqual([a!.id]);
    await w.ask({ type: 'undoWrite', entryId: (held as { data: { entryId: string } }).data.entryId });
    expect(await sentRecordItem.getValue()).toEqual([]);
    await w.ask({ type: 'markFailed', actionId: b!.id, reason: 'other', text: '' });
    expect(await sentRecordItem.getValue()).toEqual([]);
  });
});

describe('the old invitations, for the desk’s Sent invitations view', () => {
  it('lists those sent through the extension N days ago and still pending, reading the service’s sent actions at most once an hour', async () => {
    const w = await wired();
    const [a, b] = w.actions;
    await markSent(w, a!, b!);
    w.advance(10 * DAY_MS);
    const young = (await w.ask({ type: 'sentInvitations' })) as { data: SentInvitationsReply };
    expect(young.data.old).toEqual([]);
    expect(w.sentReads()).toBe(1);
    w.advance(12 * DAY_MS);
    const reply = (await w.ask({ type: 'sentInvitations' })) as { data: SentInvitationsReply };
    expect(reply.data.old.map((i) => [i.actionId, i.days, i.service])).toEqual([
      [a!.id, 22, 'sent'],
      [b!.id, 22, 'sent'],
    ]);
    expect(reply.data).toMatchObject({ olderThanDays: 21, service: { complete: true } });
    expect(w.sentReads()).toBe(2);
    w.advance(59 * 60_000);
    await w.ask({ type: 'sentInvitations' });
    expect(w.sentReads()).toBe(2);
    w.advance(60_000);
    await w.ask({ type: 'sentInvitations' });
    expect(w.sentReads()).toBe(3);
  });

  it('leaves out an invitation whose mark the service does not hold as sent, when its list is whole', async () => {
    const w = await wired();
    const [a] = w.actions;
    await sentRecordItem.setValue([{ actionId: a!.id, slug: slugOf(a!), note: null, sentAt: w.platform.now() - 30 * DAY_MS }]);
    const reply = (await w.ask({ type: 'sentInvitations' })) as { data: SentInvitationsReply };
    expect(reply.data.old).toEqual([]);
  });

  it('lists, from the tab’s Sent page, the old invitations it shows, by the profile’s link only', async () => {
    const w = await wired();
    const [a, b] = w.actions;
    await markSent(w, a!, b!);
    w.advance(30 * DAY_MS);
    showSentPage({ invitations: [{ slug: 'someone-else', name: a!.prospect.name!, sentAt: Date.now() - 40 * DAY_MS }, invitationOf(b!)] });
    w.platform.tabUrls = { [SENT_TAB]: `${SENT_URL}?invitationType=CONNECTION` };
    const reply = (await w.ask({ type: 'sentInvitations', tabId: SENT_TAB })) as { data: SentInvitationsReply };
    expect(reply.data.page).toMatchObject({ state: 'list', rows: 2 });
    expect(reply.data.page!.old.map((i) => [i.actionId, i.row.slug])).toEqual([[b!.id, slugOf(b!)]]);
    // Nothing was pressed: reading the page is only reading.
    expect(document.querySelector('[data-confirmation]')).toBeNull();
    w.platform.tabUrls = { [SENT_TAB]: 'https://www.linkedin.com/feed/' };
    expect(((await w.ask({ type: 'sentInvitations', tabId: SENT_TAB })) as { data: SentInvitationsReply }).data.page).toBeUndefined();
  });
  it('answers two reads of one tab asked together with the page (the desk asks at the address, then at the title): one never clears the other’s', async () => {
    fakeClock();
    const w = await wired();
    const [a, b] = w.actions;
    await markSent(w, a!, b!);
    w.advance(30 * DAY_MS);
    showSentPage({ invitations: [invitationOf(a!), invitationOf(b!)] });
    w.platform.tabUrls = { [SENT_TAB]: SENT_URL };
    const ask = () => w.ask({ type: 'sentInvitations', tabId: SENT_TAB }) as Promise<{ data: SentInvitationsReply }>;
    // The browser's calls interleave: the first read of the tab comes just as a second ask leaves its
    // input there (its script not run yet). A background that reads one at a time never gets there.
    const { runTabScript, tabScriptSays } = w.platform;
    let seeded = () => {};
    const secondSeeded = new Promise<void>((r) => (seeded = r));
    let runs = 0;
    w.platform.runTabScript = (...args) => {
      const ran = runTabScript(...args);
      if (++runs === 2) seeded();
      return ran;
    };
    let second: Promise<{ data: SentInvitationsReply }> | undefined;
    w.platform.tabScriptSays = async (...args) => {
      if (!second) {
        second = ask();
        await Promise.race([secondSeeded, new Promise((r) => setTimeout(r, 500))]);
      }
      return tabScriptSays(...args);
    };
    const first = await settle(ask());
    for (const reply of [first, await settle(second!)]) expect(reply.data.page?.old.map((i) => i.slug)).toEqual([slugOf(a!), slugOf(b!)]);
  });
});

describe('a withdrawal for one click of the person’s', () => {
  // The in-tab script waits seconds for the page to settle after a cancel: on a fake clock.
  beforeEach(fakeClock);

  async function onSentPage() {
    const w = await wired();
    const [a, b] = w.actions;
    await markSent(w, a!, b!);
    w.advance(30 * DAY_MS);
    showSentPage({ invitations: [invitationOf(a!), invitationOf(b!)] });
    w.platform.tabUrls = { [SENT_TAB]: SENT_URL };
    const withdraw = (action: NetworkAction, tabId = SENT_TAB) =>
      w.ask({ type: 'withdraw', tabId, slug: slugOf(action) }) as Promise<{ ok: boolean; data: WithdrawReply }>;
    const step = (s: string) => until(async () => (await withdrawalsItem.getValue()).current?.step === s, `the step ${s}`, 5_000, 20);
    return { ...w, a: a!, b: b!, withdraw, step };
  }

  it('opens the confirmation for that person only, waits for the person’s confirmation, records it, and answers', async () => {
    const { a, b, withdraw, step, tabScripts } = await onSentPage();
    const answer = withdraw(a);
    await step('confirm');
    expect(confirmOf(slugOf(a)).names).toContain(a.prospect.name!.toLowerCase());
    human('click', confirmOf(slugOf(a)).confirm);
    const reply = await settle(answer);
    expect(reply.data).toMatchObject({ state: 'withdrawn', evidence: expect.arrayContaining(['person-confirmed']) });
    const record = await sentRecordItem.getValue();
    expect(record.find((i) => i.actionId === a.id)?.withdrawnAt).toBe((reply.data as { at: number }).at);
    expect(record.find((i) => i.actionId === b.id)?.withdrawnAt).toBeUndefined();
    expect(tabScripts).toEqual([[SENT_TAB, 'sent-withdraw']]);
    expect((await withdrawalsItem.getValue()).current).toBeUndefined();
  });

  it('answers cancelled when the person cancels, and records nothing', async () => {
    const { a, withdraw, step } = await onSentPage();
    const answer = withdraw(a);
    await step('confirm');
    human('click', confirmOf(slugOf(a)).cancel!);
    expect((await settle(answer)).data).toMatchObject({ state: 'cancelled' });
    expect((await sentRecordItem.getValue()).every((i) => i.withdrawnAt === undefined)).toBe(true);
  }, 15_000);

  it('a second withdrawal past the limit a minute waits: the answer says until when, and nothing is pressed', async () => {
    const { a, b, withdraw, step, advance, platform, tabScripts } = await onSentPage();
    await settingsItem.setValue({ ...(await settingsItem.getValue()), withdrawalsPerMinute: 1 });
    const started = platform.now();
    const first = withdraw(a);
    await step('confirm');
    human('click', confirmOf(slugOf(a)).confirm);
    await settle(first);
    advance(20_000);
    expect((await withdraw(b)).data).toEqual({ state: 'wait', until: started + 60_000 });
    expect(tabScripts).toHaveLength(1);
    expect(document.querySelector('[data-confirmation]')).toBeNull();
    advance(40_000);
    const second = withdraw(b);
    await step('confirm');
    expect(confirmOf(slugOf(b))).toBeTruthy();
    human('click', confirmOf(slugOf(b)).cancel!);
    expect((await settle(second)).data).toMatchObject({ state: 'cancelled' });
  }, 15_000);

  it('one at a time: another person’s waits for the one open (busy); the same asked again is followed, not pressed twice', async () => {
    const { a, b, withdraw, step, tabScripts } = await onSentPage();
    const first = withdraw(a);
    await step('confirm');
    expect((await withdraw(b)).data).toEqual({ state: 'busy', slug: slugOf(a) });
    const again = withdraw(a);
    human('click', confirmOf(slugOf(a)).confirm);
    expect((await settle(first)).data.state).toBe('withdrawn');
    expect((await settle(again)).data.state).toBe('withdrawn');
    expect(tabScripts).toEqual([[SENT_TAB, 'sent-withdraw']]);
  });

  it('withdraws only the extension’s own invitations, and only on a tab the browser says shows the Sent page', async () => {
    const { a, withdraw, ask, platform, tabScripts } = await onSentPage();
    expect(await ask({ type: 'withdraw', tabId: SENT_TAB, slug: 'someone-else' })).toEqual({ ok: true, data: { state: 'not-ours' } });
    platform.tabUrls = { [SENT_TAB]: 'https://www.linkedin.com/mynetwork/invitation-manager/received/' };
    expect((await withdraw(a)).data).toEqual({ state: 'not-sent-page' });
    expect((await withdraw(a, 99)).data).toEqual({ state: 'not-sent-page' });
    expect(tabScripts).toEqual([]);
  });

  it('gives the withdrawal back to the limiter when nothing was pressed (no row of theirs)', async () => {
    const { a, b, withdraw } = await onSentPage();
    showSentPage({ invitations: [invitationOf(b)] });
    expect((await settle(withdraw(a))).data).toMatchObject({ state: 'not-sure', why: 'no-row' });
    expect((await withdrawalsItem.getValue()).times).toEqual([]);
  });

  it('is refused from a content script: only the extension’s pages may ask', async () => {
    const { a, ask } = await onSentPage();
    const reply = await ask({ type: 'withdraw', tabId: SENT_TAB, slug: slugOf(a) }, contentSender(SENT_URL, SENT_TAB));
    expect(reply).toMatchObject({ ok: false, error: { message: 'Malformed request' } });
  });
});

describe('a profile visited: the tab is treated the same whatever the record holds', () => {
  beforeEach(fakeClock);

  /** Everything the background does towards tab 9 while it shows `slug`: the scripts it runs, the panel, the badge, messages. */
  async function towardsTab(w: Awaited<ReturnType<typeof wired>>, slug: string) {
    const url = `https://www.linkedin.com/in/${encodeURIComponent(slug)}/`;
    w.platform.tabUrls = { 9: url };
    const before = { scripts: w.tabScripts.length, injected: w.injected.length, badges: w.tabBadges.length, told: w.told.length };
    const answers = [
      await w.ask({ type: 'profileSeen', newDocument: true }, contentSender(url, 9)),
      // The page rewrites its address to the profile (a same-document change), and again after a day.
      await w.ask({ type: 'profileSeen' }, contentSender(url, 9)),
    ];
    w.advance(2 * DAY_MS);
    answers.push(await w.ask({ type: 'profileSeen', newDocument: true }, contentSender(url, 9)));
    await pass(50);
    return {
      answers,
      scripts: w.tabScripts.slice(before.scripts).map(([, name]) => name),
      injected: w.injected.length - before.injected,
      badges: w.tabBadges.slice(before.badges).map(([, text]) => text),
      told: w.told.slice(before.told).map(([, type]) => type),
    };
  }

  for (const card of ['connected', 'pending'] as const)
    it(`runs nothing more in the tab of a profile the agents invited (its card ${card}) than in anyone else’s`, async () => {
      const w = await wired();
      const [invited, other] = w.actions.filter((a) => a.prospect.name);
      await markSent(w, invited!, other!);
      // Both are out of the ready list; only the first stays in the record of invitations sent.
      await sentRecordItem.setValue((await sentRecordItem.getValue()).filter((i) => i.slug === slugOf(invited!)));
      w.advance(3 * DAY_MS);
      w.platform.tabDocument = new DOMParser().parseFromString(profilePage({ slug: slugOf(invited!), name: invited!.prospect.name!, card }), 'text/html');
      const inRecord = await towardsTab(w, slugOf(invited!));
      w.platform.tabDocument = new DOMParser().parseFromString(profilePage({ slug: slugOf(other!), name: other!.prospect.name!, card }), 'text/html');
      const notInRecord = await towardsTab(w, slugOf(other!));
      expect(inRecord).toEqual(notInRecord);
      expect(inRecord.scripts).toEqual([]);
    });
});
