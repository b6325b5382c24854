// @vitest-environment happy-dom
// The desk in each of its states, English and French, over a real background and sandbox; the tab
// it follows and the session in that tab are played by a fake desk browser (lib/desk/browser-desk.ts
// is the real one, driven end to end in test/e2e/desk.test.ts).
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DeskApp } from '../../../components/desk/desk-app';
import { BackendContext } from '../../../components/shared/backend';
import type { DeskCommand } from '../../../lib/page/assist/desk-link';
import type { AssistSnapshot } from '../../../lib/page/assist/session';
import type { DeskBrowser } from '../../../lib/desk/browser-desk';
import type { FollowedTab } from '../../../lib/desk/follow';
import { actionsItem } from '../../../lib/store/storage';
import { sandboxBackend } from '../../helpers/backend';
import { configure } from '../../helpers/controller';
import { getMessageFrom, loadMessages } from '../../helpers/messages';
import { storedInitial } from '../../helpers/popup';
import { DEMO_KEY } from '../../sandbox/seed';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The desk's browser, played: the tab it follows, and the session of the tab it links to. */
function playedDesk() {
  let follow: (tab: FollowedTab | null) => void = () => {};
  const lines: { tabId: number; onUpdate: (u: { snapshot: AssistSnapshot | null } | null) => void; sent: DeskCommand[]; closed: boolean }[] = [];
  const desk: DeskBrowser = {
    follow: (onTab) => {
      follow = onTab;
      return () => {};
    },
    link: (tabId, onUpdate) => {
      const line = { tabId, onUpdate, sent: [] as DeskCommand[], closed: false };
      lines.push(line);
      return { send: (c) => void line.sent.push(c), close: () => void (line.closed = true) };
    },
    onAssistShown: () => () => {},
  };
  return {
    desk,
    lines,
    show: (tab: FollowedTab | null) => act(() => follow(tab)),
    /** The session in the tab says where it is. */
    session: (snapshot: Partial<AssistSnapshot> & Pick<AssistSnapshot, 'actionId' | 'phase'>) =>
      act(() =>
        lines.at(-1)!.onUpdate({
          snapshot: {
            state: 'connect',
            foreign: false,
            mark: { phase: 'idle' },
            flags: { autoSend: false, letMeClick: false, overCap: false, paused: false, agentBlocked: null, hasNext: true },
            ...snapshot,
          },
        }),
      ),
  };
}

function inFrench() {
  fakeBrowser.i18n.getMessage = getMessageFrom(loadMessages('fr')) as typeof fakeBrowser.i18n.getMessage;
  fakeBrowser.i18n.getUILanguage = () => 'fr';
}

/** The desk of a configured extension whose ready list is fetched. */
async function openDesk(options: { strictSent?: boolean } = {}) {
  const wired = sandboxBackend(options);
  await configure();
  await wired.controller.poll();
  await wired.ask({ type: 'verifyKey' });
  const played = playedDesk();
  render(
    <BackendContext.Provider value={wired.backend}>
      <DeskApp desk={played.desk} initial={await storedInitial()} />
    </BackendContext.Provider>,
  );
  const actions = (await actionsItem.getValue())!.actions;
  return { wired, ...played, actions };
}

const profileTab = (id: number, url: string, title?: string): FollowedTab => ({ id, url, title });

describe('the desk', () => {
  it.each([
    ['en', 'Ready invitations', /in the last 7 days/],
    ['fr', 'Invitations prêtes', /ces 7 derniers jours/],
  ])('off profiles, shows the queue and the weekly pace, as the popup does (%s)', async (lang, list, pace) => {
    if (lang === 'fr') inFrench();
    const { show, actions } = await openDesk();
    await show(profileTab(2, 'https://www.linkedin.com/feed/'));
    await screen.findByRole('list', { name: list });
    // The ready list, and apart those whose agent waits.
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(actions.length));
    expect(screen.getByText(pace)).toBeTruthy();
    expect(screen.queryByRole('region', { name: actions[0]!.prospect.name! })).toBeNull();
  });

  it.each([
    ['en', /This profile/, 'Profile address: linkedin.com/in/jeanne-durand-8c2f1'],
    ['fr', /Ce profil/, 'Adresse du profil : linkedin.com/in/jeanne-durand-8c2f1'],
  ])('on a profile without an invitation, shows This profile for the tab it follows (%s)', async (lang, title, address) => {
    if (lang === 'fr') inFrench();
    const { wired, show } = await openDesk();
    // The active tab is another: the desk asks about its own.
    wired.platform.tab = { id: 3, url: 'https://www.linkedin.com/feed/' };
    wired.platform.byId = { 12: { url: 'https://www.linkedin.com/in/jeanne-durand-8c2f1/', title: 'Jeanne Durand | LinkedIn' } };
    await show(profileTab(12, 'https://www.linkedin.com/in/jeanne-durand-8c2f1/', 'Jeanne Durand | LinkedIn'));
    const block = await screen.findByRole('region', { name: title });
    expect(within(block).getByText('Jeanne Durand')).toBeTruthy();
    expect(within(block).getByText(address, { exact: false })).toBeTruthy();
    expect(screen.queryByRole('list', { name: /Ready invitations|Invitations prêtes/ })).toBeNull();
  });

  // The desk's port reaches the tab's content scripts: opened only for ready invitations, it told
  // the tab (its timing, its scripts' wake-ups) what the ready list holds.
  it('does the same toward a profile’s tab whether or not the profile has a ready invitation: one line opened to it, nothing sent, closed when the tab leaves the profile', async () => {
    const toward = async (ready: boolean) => {
      const { wired, show, lines, actions } = await openDesk();
      const url = ready ? actions[0]!.prospect.profileUrl! : 'https://www.linkedin.com/in/jeanne-durand-8c2f1/';
      wired.platform.byId = { 12: { url, title: 'Jeanne Durand | LinkedIn' } };
      await show(profileTab(12, url, 'Jeanne Durand | LinkedIn'));
      await screen.findByRole('region', { name: ready ? actions[0]!.prospect.name! : /This profile/ });
      const onProfile = lines.map((l) => ({ tabId: l.tabId, sent: [...l.sent], closed: l.closed }));
      await show(profileTab(12, 'https://www.linkedin.com/feed/'));
      await screen.findByRole('list', { name: 'Ready invitations' });
      const after = { lines: lines.map((l) => ({ tabId: l.tabId, sent: l.sent, closed: l.closed })), told: wired.toldMessages, injected: wired.injected };
      cleanup();
      return { onProfile, after };
    };
    const withInvitation = await toward(true);
    const without = await toward(false);
    expect(withInvitation.onProfile).toEqual([{ tabId: 12, sent: [], closed: false }]);
    expect(without).toEqual(withInvitation);
    expect(without.after.lines).toEqual([{ tabId: 12, sent: [], closed: true }]);
  });

  it('on a profile with a ready invitation: the prospect, agent and note, Prepare focused; Enter prepares in that tab with the note shown, and the steps follow', async () => {
    const { wired, show, lines, session, actions } = await openDesk();
    const action = actions[0]!;
    wired.platform.byId = { 12: { url: action.prospect.profileUrl! } };
    await show(profileTab(12, action.prospect.profileUrl!));
    const region = await screen.findByRole('region', { name: action.prospect.name! });
    expect(within(region).getByText(`Agent: ${action.agentName}`)).toBeTruthy();
    expect((within(region).getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement).value).toBe(action.message);
    expect(within(region).getByText(`${[...action.message!].length} / 200 characters`)).toBeTruthy();
    expect(within(region).getByText(/reads the page when you prepare the invitation/)).toBeTruthy();
    const prepare = within(region).getByRole('button', { name: 'Prepare the invitation' });
    await waitFor(() => expect(document.activeElement).toBe(prepare));
    // Enter elsewhere than a control prepares; the desk then follows the session loaded in the tab.
    const linked = lines.length;
    fireEvent.keyDown(document.body, { key: 'Enter' });
    await waitFor(() => expect(lines.length).toBeGreaterThan(linked));
    await waitFor(() => expect(wired.toldMessages).toEqual([[12, { type: 'prepare', note: action.message, pastCap: undefined }]]));
    expect(wired.injected).toEqual([12]);
    // The session in the tab reports; the desk says each step.
    await session({ actionId: action.id, phase: { name: 'preparing' } });
    expect(within(region).getByText('Opening the invitation…')).toBeTruthy();
    await session({ actionId: action.id, phase: { name: 'await-send', withNote: true, stateBefore: 'connect' } });
    expect(within(region).getByText('The note is in. Check it, then press Send on the page (highlighted).')).toBeTruthy();
    expect(lines.at(-1)!.tabId).toBe(12);
  });

  it('a mark by hand refused because another browser marked the invitation first says what the service holds, and offers no mark any more, only the next', async () => {
    const { wired, show, actions } = await openDesk({ strictSent: true });
    const action = actions[0]!;
    Object.assign(wired.sandbox.action(action.id)!, {
      status: 'sent',
      sent_at: Date.now(),
      metadata: { browser: 'firefox', marked_at: new Date().toISOString() },
    });
    wired.platform.byId = { 12: { url: action.prospect.profileUrl! } };
    await show(profileTab(12, action.prospect.profileUrl!));
    const region = await screen.findByRole('region', { name: action.prospect.name! });
    fireEvent.click(within(region).getByText('Mark by hand'));
    fireEvent.click(within(region).getByRole('button', { name: 'Mark sent' }));
    await within(region).findByText(new RegExp(`${action.prospect.name} was already marked sent, at .+\\. Marked from Firefox\\.`));
    expect(within(region).queryByRole('button', { name: 'Mark sent' })).toBeNull();
    expect(within(region).queryByRole('button', { name: 'Prepare the invitation' })).toBeNull();
    expect(within(region).getByRole('button', { name: /^Open/ })).toBeTruthy();
  });

  it('once the person’s Send is recorded: the outcome, kept after the invitation left the list, and the next named with Open, which takes the focus and opens it in that tab', async () => {
    const { wired, show, session, actions } = await openDesk();
    const [action, next] = actions;
    await show(profileTab(12, action!.prospect.profileUrl!));
    const region = await screen.findByRole('region', { name: action!.prospect.name! });
    await session({ actionId: action!.id, state: 'sent', phase: { name: 'marked', outcome: 'sent', queued: false } });
    // The mark took it off the ready list: the desk keeps it while the tab shows that profile.
    const snapshot = (await actionsItem.getValue())!;
    await act(() => actionsItem.setValue({ ...snapshot, actions: snapshot.actions.filter((a) => a.id !== action!.id) }));
    expect(within(region).getByText('Marked sent on the service.')).toBeTruthy();
    expect(within(region).getByText(next!.prospect.name!)).toBeTruthy();
    const open = within(region).getByRole('button', { name: 'Open' });
    await waitFor(() => expect(document.activeElement).toBe(open));
    expect(within(region).queryByRole('textbox', { name: 'Note' })).toBeNull();
    fireEvent.click(open);
    await waitFor(() => expect(wired.navigated).toEqual([[12, expect.stringContaining(next!.prospect.profileUrl!.split('/in/')[1]!)]]));
  });

  it('moves the focus without waiting for a frame (Chromium paints a desk it does not show about once a second): Prepare at a new invitation, Open once it is recorded', async () => {
    // No frame is ever painted: a focus put off to the next frame never comes.
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const { show, session, actions } = await openDesk();
    const action = actions[0]!;
    await show(profileTab(12, action.prospect.profileUrl!));
    const region = await screen.findByRole('region', { name: action.prospect.name! });
    await waitFor(() => expect(document.activeElement).toBe(within(region).getByRole('button', { name: 'Prepare the invitation' })));
    await session({ actionId: action.id, state: 'sent', phase: { name: 'marked', outcome: 'sent', queued: false } });
    await waitFor(() => expect(document.activeElement).toBe(within(region).getByRole('button', { name: 'Open' })));
  });

  it('sends the session’s own controls to the tab: Mark sent after "not sure", Later while guided; Mark by hand records by hand when no attempt offers marks', async () => {
    const { wired, show, session, lines, actions } = await openDesk();
    const action = actions[1]!;
    await show(profileTab(12, action.prospect.profileUrl!));
    const region = await screen.findByRole('region', { name: action.prospect.name! });
    // No attempt yet: Mark by hand, as in the popup.
    fireEvent.click(within(region).getByText('Mark by hand'));
    fireEvent.click(within(region).getByRole('button', { name: 'Mark sent' }));
    await waitFor(() => expect(within(region).getByText('Marked sent on the service.')).toBeTruthy());
    await waitFor(() => expect(wired.sandbox.accounts.get(DEMO_KEY)!.actions.find((a) => a.id === action.id)!.status).toBe('sent'));
    {
      const other = actions[2]!;
      await show(profileTab(13, other.prospect.profileUrl!));
      const otherRegion = await screen.findByRole('region', { name: other.prospect.name! });
      await session({ actionId: other.id, phase: { name: 'preparing', step: 'more' }, flags: { ...FLAGS, letMeClick: true } });
      expect(within(otherRegion).getByText("Press More on the profile's card, then Connect in its menu.")).toBeTruthy();
      fireEvent.click(within(otherRegion).getByRole('button', { name: 'Later' }));
      await session({ actionId: other.id, phase: { name: 'ended', ending: 'not-sure', stateBefore: 'connect', withNote: true } });
      expect(within(otherRegion).queryByText('Mark by hand')).toBeNull();
      fireEvent.click(within(otherRegion).getByRole('button', { name: 'Mark sent' }));
      expect(lines.at(-1)!.sent).toEqual([
        { type: 'offer', offer: 'later' },
        { type: 'mark', outcome: 'sent' },
      ]);
    }
  });

  it.each([
    ['en', 'connected', 'Mark failed: Already connected', 'already_connected', 'Skip', 'Later', 'Another reason…'],
    ['fr', 'connected', 'Marquer en échec : Déjà en relation', 'already_connected', 'Passer', 'Plus tard', 'Une autre raison…'],
    ['en', 'follow-only', 'Mark failed: Profile unavailable', 'profile_unavailable', 'Skip', 'Later', 'Another reason…'],
    ['fr', 'follow-only', 'Marquer en échec : Profil indisponible', 'profile_unavailable', 'Passer', 'Plus tard', 'Une autre raison…'],
  ])(
    'when the page shows %s… (%s): the mark that records it, with its reason, is focused and primary, Skip comes after; another reason can be chosen',
    async (lang, state, markWords, reason, skipWord, laterWord, otherWord) => {
      if (lang === 'fr') inFrench();
      const { show, session, lines, actions } = await openDesk();
      const action = actions[0]!;
      await show(profileTab(12, action.prospect.profileUrl!));
      const region = await screen.findByRole('region', { name: action.prospect.name! });
      // Prepare pressed: the focus is on the steps said, while the assistant reads the page.
      (region.querySelector('.outcome') as HTMLElement).focus();
      await session({ actionId: action.id, phase: { name: 'preparing' } });
      const ending = state as 'connected' | 'follow-only';
      await session({ actionId: action.id, state: ending, phase: { name: 'ended', ending, stateBefore: 'connect' } });
      const mark = within(region).getByRole('button', { name: markWords });
      await waitFor(() => expect(document.activeElement).toBe(mark));
      expect(mark.className).toContain('primary');
      const skip = within(region).getByRole('button', { name: new RegExp(`^${skipWord}`) });
      expect(skip.className).not.toContain('primary');
      const names = within(region)
        .getAllByRole('button')
        .map((b) => b.textContent);
      expect(names.indexOf(markWords)).toBeLessThan(names.indexOf(laterWord));
      expect(names.indexOf(laterWord)).toBeLessThan(names.findIndex((n) => n?.startsWith(skipWord)));
      // The reason, changeable: the form opens with the page's reason chosen.
      fireEvent.click(within(region).getByRole('button', { name: otherWord }));
      expect((within(region).getByRole('combobox') as HTMLSelectElement).value).toBe(reason);
      fireEvent.click(mark);
      expect(lines.at(-1)!.sent).toEqual([{ type: 'mark', outcome: 'failed', reason, text: '' }]);
    },
  );

  it.each([
    ['en', 'Mark sent'],
    ['fr', 'Marquer envoyée'],
  ])('when the page shows the invitation already pending (%s): Mark sent is focused, Skip comes after', async (lang, markWords) => {
    if (lang === 'fr') inFrench();
    const { show, session, lines, actions } = await openDesk();
    const action = actions[0]!;
    await show(profileTab(12, action.prospect.profileUrl!));
    const region = await screen.findByRole('region', { name: action.prospect.name! });
    (region.querySelector('.outcome') as HTMLElement).focus();
    await session({ actionId: action.id, phase: { name: 'preparing' } });
    await session({ actionId: action.id, state: 'pending', phase: { name: 'idle' } });
    const mark = within(region).getByRole('button', { name: markWords });
    await waitFor(() => expect(document.activeElement).toBe(mark));
    expect(mark.className).toContain('primary');
    fireEvent.click(mark);
    expect(lines.at(-1)!.sent).toEqual([{ type: 'mark', outcome: 'sent' }]);
  });

  it('says it all in French: Prepare, the steps, the next', async () => {
    inFrench();
    const { show, session, actions } = await openDesk();
    const [action, next] = actions;
    await show(profileTab(12, action!.prospect.profileUrl!));
    const region = await screen.findByRole('region', { name: action!.prospect.name! });
    expect(within(region).getByRole('button', { name: "Préparer l'invitation" })).toBeTruthy();
    expect(within(region).getByText(/L’assistant lit la page quand vous préparez/)).toBeTruthy();
    await session({ actionId: action!.id, state: 'sent', phase: { name: 'marked', outcome: 'sent', queued: false } });
    expect(within(region).getByText('Suivante :')).toBeTruthy();
    expect(within(region).getByText(next!.prospect.name!)).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Ouvrir' })).toBeTruthy();
  });

  it.each([
    [
      'en',
      'Skip',
      'Next:',
      /^\d+ waits? for Salons Lyon 2026 to resume$/,
      // One period per figure, said as the popup says it; the ready count is the badge's (13, the paused agent's 2 apart).
      /^0 marked this session · 11 invitations ready · 2 wait for Salons Lyon 2026 to resume · \d+ of 100 invitations sent in the last 7 days$/,
      /^This invitation's agent is paused/,
    ],
    [
      'fr',
      'Passer',
      'Suivante :',
      /^\d+ attend(ent)? que Salons Lyon 2026 reprenne$/,
      /^0 marquées pendant cette session · 11 invitations prêtes · 2 attendent que Salons Lyon 2026 reprenne · \d+ invitations envoyées sur 100 ces 7 derniers jours$/,
      /^L'agent de cette invitation est en pause/,
    ],
  ])(
    'never a dead end (%s): a paused agent’s invitation offers Skip, focused, naming the next with its agent (never one whose agent waits); S skips in the same tab',
    async (lang, skipWord, nextWord, group, glance, pausedWords) => {
      if (lang === 'fr') inFrench();
      const { wired, show, actions } = await openDesk();
      const paused = wired.sandbox.accounts.get(DEMO_KEY)!.agents.find((a) => a.status === 'paused')!;
      const waiting = actions.filter((a) => a.agentId === paused.id);
      expect(waiting.length).toBeGreaterThan(1);
      // Off profiles: those of the paused agent are grouped apart in the queue, each with its row.
      await show(profileTab(2, 'https://www.linkedin.com/feed/'));
      const apart = await screen.findByRole('list', { name: group });
      await waitFor(() => expect(within(apart).getAllByRole('listitem')).toHaveLength(waiting.length));
      // On the paused agent's invitation: no Prepare, no note to edit, the pause said, and Skip.
      const action = waiting[0]!;
      await show(profileTab(12, action.prospect.profileUrl!));
      const region = await screen.findByRole('region', { name: action.prospect.name! });
      expect(within(region).getByText(pausedWords)).toBeTruthy();
      expect(within(region).queryByRole('button', { name: /Prepare|Préparer/ })).toBeNull();
      expect(within(region).queryByRole('textbox')).toBeNull();
      // No state line before the page was read, no "read wrong" where nothing was read.
      expect(region.querySelector('.state')).toBeNull();
      expect(within(region).queryByRole('button', { name: /read wrong|mal lue/ })).toBeNull();
      expect(document.querySelector('.glance')?.textContent).toMatch(glance);
      const skip = within(region).getByRole('button', { name: skipWord });
      expect(skip.getAttribute('aria-keyshortcuts')).toBe('S');
      await waitFor(() => expect(document.activeElement).toBe(skip));
      // The next named with its agent: never another of the paused agent's.
      const line = within(region).getByText(nextWord).closest('p')!;
      const next = actions.find((a) => a.prospect.name === line.querySelector('strong')!.textContent)!;
      expect(next.agentId).not.toBe(paused.id);
      expect(line.textContent).toContain(wired.sandbox.accounts.get(DEMO_KEY)!.agents.find((a) => a.id === next.agentId)!.name);
      fireEvent.keyDown(document.body, { key: 's' });
      await waitFor(() => expect(wired.navigated).toEqual([[12, expect.stringContaining(next.prospect.profileUrl!.split('/in/')[1]!)]]));
    },
    15_000,
  );

  it('when the service is not set up, says so and shows nothing else', async () => {
    const wired = sandboxBackend();
    const played = playedDesk();
    render(
      <BackendContext.Provider value={wired.backend}>
        <DeskApp desk={played.desk} initial={await storedInitial()} />
      </BackendContext.Provider>,
    );
    await played.show(profileTab(2, 'https://www.linkedin.com/feed/'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('not set up'));
    expect(screen.queryByRole('list')).toBeNull();
  });
});

const FLAGS = { autoSend: false, letMeClick: false, overCap: false, paused: false, agentBlocked: null, hasNext: true } as const;
