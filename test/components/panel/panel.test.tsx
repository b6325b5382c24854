// @vitest-environment happy-dom
// The in-page panel over a synthetic profile page; the mimic script plays the site. Long: one
// harness (panelFor) serves every behaviour of the panel, the hostile-page cases included.
import { cleanup, fireEvent, render, waitFor, within } from '@testing-library/preact';
import { createRef } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Backend } from '../../../components/shared/backend';
import { Panel } from '../../../components/panel/panel';
import { AssistSession } from '../../../lib/page/assist/session';
import { ask, RequestFailed, type PanelView } from '../../../lib/messaging/ask';
import type { InvitationState } from '../../../lib/network/profile-states';
import { own } from '../../../lib/page/reader/dom';
import { human } from '../../helpers/human';
import { dialogHtml, profilePage, type FixtureOptions } from '../../fixtures/profile-page';
import { actionsItem, noteDraftsItem, reportNamesItem } from '../../../lib/store/storage';
import { saveDraft } from '../../../lib/store/note-drafts';
import { DEMO_KEY } from '../../sandbox/seed';
import { configure, controllerWithSandbox, openedIn } from '../../helpers/controller';
import { fakeLayout } from '../../helpers/layout';
import { fakeClock, pass } from '../../helpers/fake-clock';

let layout: ReturnType<typeof fakeLayout>;
beforeEach(() => {
  // Every wait (the page's throttle, the confirmation's, the outbox's spacing) on a fake clock:
  // Testing Library's waitFor moves it too (test/helpers/fake-clock.ts), nothing waits real time.
  fakeClock();
  layout = fakeLayout();
});

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  // A test's own editing command (browserEditing) goes: the document's is back.
  delete (document as { execCommand?: unknown }).execCommand;
});

/** Puts a fixture page in the document and runs its mimic script, as the site's own code would run. */
function showPage(options: FixtureOptions): void {
  const html = profilePage(options);
  const body = /<body>([\s\S]*)<\/body>/.exec(html)![1]!;
  const script = /<script>([\s\S]*?)<\/script>/.exec(body)?.[1];
  document.body.innerHTML = body.replace(/<script>[\s\S]*?<\/script>/, '');
  document.documentElement.lang = options.lang ?? 'en';
  if (script) new Function(script)();
}

/** The panel for the first ready action, on its own profile page, talking to a real background. */
async function panelFor(
  page: Omit<FixtureOptions, 'slug' | 'name'> & { name?: string },
  adjust: (view: PanelView) => PanelView = (v) => v,
  before: (actionId: string) => Promise<void> = async () => {},
) {
  const wired = controllerWithSandbox();
  await configure();
  await wired.controller.poll();
  const first = (await actionsItem.getValue())!.actions.find((a) => a.message && a.prospect.profileUrl && a.prospect.name)!;
  const url = first.prospect.profileUrl!;
  const slug = url.split('/in/')[1]!.replace(/\/$/, '');
  await before(first.id);
  // The tab the popup's Open profile brought to this invitation: the only place its panel comes.
  const sender = await openedIn(wired, first);
  const backend: Backend = {
    ask: vi.fn((request) => ask((m) => wired.controller.handle(m, sender), request)) as Backend['ask'],
    requestOrigin: async () => false,
    openOptions: () => {},
  };
  showPage({ slug, name: first.prospect.name!, ...page });
  const view = adjust(await backend.ask({ type: 'panelView' }));
  const states: InvitationState[] = [];
  const onViewChange = vi.fn();
  const onRead = vi.fn();
  // As mounted in the page: inside the open shadow root of the extension's host element.
  const host = document.createElement('div');
  own.host = host;
  const container = document.createElement('div');
  host.attachShadow({ mode: 'open' }).append(container);
  document.body.append(host);
  const ref = createRef<Panel>();
  const { autoSend, letMeClick, overCap, paused, agentBlocked, hasNext } = view;
  const session = new AssistSession({
    doc: document,
    // Through the backend as it is then: tests replace its ask to refuse some requests.
    ask: (request) => backend.ask(request),
    slug,
    action: view.action!,
    flags: { autoSend, letMeClick, overCap, paused, agentBlocked, hasNext },
    onRead,
    onViewChange,
  });
  render(<Panel ref={ref} session={session} backend={backend} view={view} onState={(s) => states.push(s)} />, {
    container,
  });
  const panel = within(container).getByRole('region', { name: 'Invitation' });
  const stored = () => wired.sandbox.accounts.get(DEMO_KEY)!.actions.find((a) => a.id === first.id)!;
  return { wired, backend, first, view, states, onViewChange, onRead, panel, stored, ref, session };
}

describe('in-page panel', () => {
  it('shows the prospect, the state read from the page and the note, under a title that names no product, and tells the host the state', async () => {
    const { panel, first, states } = await panelFor({ card: 'connect' });
    expect(within(panel).getByRole('heading', { level: 2 }).textContent).toBe('Invitation');
    expect(within(panel).getByRole('heading', { name: first.prospect.name! })).toBeTruthy();
    expect(within(panel).getByText('Connect available')).toBeTruthy();
    expect((within(panel).getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement).value).toBe(first.message);
    expect(states.at(-1)).toBe('connect');
  });

  it('shows nothing but this profile’s invitation: no agent, no other person, no weekly figure, no place in the queue, no product name', async () => {
    const { panel, wired, first } = await panelFor({ card: 'pending' });
    const others = (await actionsItem.getValue())!.actions.filter((a) => a.id !== first.id);
    human('click', within(panel).getByRole('button', { name: 'Mark sent' }));
    await waitFor(() => within(panel).getByRole('button', { name: 'Next invitation' }));
    const shown = `${panel.textContent} ${[...panel.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.value)).join(' ')}`;
    const account = wired.sandbox.accounts.get(DEMO_KEY)!;
    for (const word of [
      ...others.map((a) => a.prospect.name!),
      ...account.agents.map((a) => a.name),
      'Invitation Assistant',
      'Agent',
      'last 7 days',
      ` of ${others.length + 1}`,
    ])
      expect(shown).not.toContain(word);
    expect(shown).not.toMatch(/\b(100|\d+ of \d+)\b/);
  });

  it('opens Connect through More, fills the note, stops at the page’s Send, and marks sent with metadata once the human presses it', async () => {
    const { panel, first, stored, states } = await panelFor({ card: 'connect-in-more', mimic: {} });
    human('click', within(panel).getByRole('button', { name: 'Prepare the invitation' }));
    const send = await waitFor(() => {
      const el = document.querySelector<HTMLButtonElement>('[data-send]');
      expect(el && document.activeElement === el).toBe(true);
      return el!;
    });
    expect((document.querySelector('#custom-message') as HTMLTextAreaElement).value).toBe(first.message);
    expect(send.disabled).toBe(false);
    expect(within(panel).getByText(/press Send on the page/)).toBeTruthy();
    expect(stored().status).toBe('ready');
    human('click', send);
    await waitFor(() => expect(within(panel).getByText('Marked sent on the service.')).toBeTruthy(), { timeout: 5000 });
    expect(stored().status).toBe('sent');
    expect(stored().metadata).toMatchObject({
      method: 'assisted',
      note_included: true,
      note_length: [...first.message!].length,
      page_state_before: 'connect-in-more',
      page_language: 'en',
    });
    expect(states.at(-1)).toBe('sent');
  });

  it('with auto-send on, "Send now" presses the page’s Send once, after the human confirms in the panel', async () => {
    const { panel, stored } = await panelFor({ card: 'connect', mimic: {} }, (v) => ({ ...v, autoSend: true }));
    human('click', within(panel).getByRole('button', { name: 'Prepare the invitation' }));
    const sendNow = await waitFor(() => within(panel).getByRole('button', { name: 'Send now' }));
    expect(stored().status).toBe('ready');
    human('click', sendNow);
    await waitFor(() => expect(stored().status).toBe('sent'), { timeout: 5000 });
    expect((window as unknown as { __sent: string[] }).__sent).toHaveLength(1);
    expect(within(panel).queryByRole('button', { name: 'Send now' })).toBeNull();
  });

  it('offers "mark sent" when the invitation is already pending, with no note counted', async () => {
    const { panel, stored } = await panelFor({ card: 'pending' });
    expect(within(panel).getByText(/already pending/)).toBeTruthy();
    human('click', within(panel).getByRole('button', { name: 'Mark sent' }));
    await waitFor(() => expect(stored().status).toBe('sent'));
    expect(stored().metadata).toMatchObject({ note_included: false, note_length: 0, page_state_before: 'pending' });
  });

  it('records an already connected profile failed with that reason in one press, its first step; the reason can be changed', async () => {
    const { panel, stored } = await panelFor({ card: 'connected' });
    const buttons = within(panel)
      .getAllByRole('button')
      .map((b) => b.textContent);
    // The mark that records what the page shows, then Later, then another reason.
    expect(buttons.slice(buttons.indexOf('Mark failed: Already connected'), buttons.indexOf('Mark failed: Already connected') + 3)).toEqual([
      'Mark failed: Already connected',
      'Later',
      'Another reason…',
    ]);
    expect(within(panel).getByRole('button', { name: 'Mark failed: Already connected' }).className).toContain('primary');
    human('click', within(panel).getByRole('button', { name: 'Mark failed: Already connected' }));
    await waitFor(() => expect(stored().status).toBe('failed'));
    expect(JSON.stringify(stored())).toContain('already_connected');
    // The record is stored before the panel hears the answer: on the fake clock, no real poll between.
    await waitFor(() => expect(within(panel).getByText('Marked failed on the service.')).toBeTruthy());
  });

  it('on an already connected profile, Another reason opens the form with the page’s reason preselected, by keyboard', async () => {
    const { panel, stored } = await panelFor({ card: 'connected' });
    human('click', within(panel).getByRole('button', { name: 'Another reason…' }));
    const reason = within(panel).getByRole('combobox', { name: 'Reason' }) as HTMLSelectElement;
    expect((panel.getRootNode() as ShadowRoot).activeElement).toBe(reason);
    expect(reason.value).toBe('already_connected');
    human('change', reason, { target: { value: 'not_relevant' } });
    human('input', within(panel).getByRole('textbox', { name: 'Details (optional)' }), { target: { value: 'Met at a fair' } });
    human('submit', within(panel).getByRole('form', { name: 'Why the invitation could not be sent' }));
    await waitFor(() => expect(stored().status).toBe('failed'));
    expect(JSON.stringify(stored())).toContain('not_relevant');
  });

  it('on a follow-only profile (seen once Prepare opened More), the mark that records it takes the focus Prepare had', async () => {
    const { panel } = await panelFor({ card: 'follow-only', mimic: {} });
    const prepare = within(panel).getByRole('button', { name: 'Prepare the invitation' });
    prepare.focus();
    human('click', prepare);
    // The assistant waits for a Connect in the More menu that never comes: on the fake clock.
    await pass(15_000, 250);
    const mark = await waitFor(() => within(panel).getByRole('button', { name: 'Mark failed: Profile unavailable' }));
    await waitFor(() => expect((mark.getRootNode() as ShadowRoot).activeElement).toBe(mark));
    expect(within(panel).getByRole('button', { name: 'Later' })).toBeTruthy();
  });

  it('offers mark failed with "weekly_limit" when the page already shows the weekly limit', async () => {
    const { panel, states } = await panelFor({ card: 'connect', dialog: 'weekly-limit' });
    expect(states.at(-1)).toBe('weekly-limit');
    expect(within(panel).queryByRole('button', { name: /Prepare the invitation/ })).toBeNull();
    human('click', within(panel).getByRole('button', { name: 'Mark failed' }));
    expect((within(panel).getByRole('combobox', { name: 'Reason' }) as HTMLSelectElement).value).toBe('weekly_limit');
  });

  it('says what it saw on a card whose signs conflict, and offers nothing to prepare', async () => {
    const { panel } = await panelFor({ card: 'withdraw-in-more', moreOpen: true, layout: 'older', messagePrimary: true });
    expect(within(panel).getByText('Invitation pending')).toBeTruthy();
    document.querySelector('section .dist-value')!.textContent = '· 1st';
    document
      .querySelector('.artdeco-dropdown__content ul')!
      .insertAdjacentHTML('beforeend', '<li><div role="button" tabindex="0">Remove connection</div></li>');
    await waitFor(() =>
      expect(within(panel).getByText(/signs that disagree \(1st-degree badge, Withdraw invitation, Remove connection, Message\)/)).toBeTruthy(),
    );
    expect(within(panel).queryByRole('button', { name: 'Prepare the invitation' })).toBeNull();
  });

  it('"This page was read wrong" asks the background to open the report page for this tab, and changes nothing on the page', async () => {
    const { panel, wired, backend, first } = await panelFor({ card: 'connect' });
    const before = document.body.innerHTML;
    human('click', within(panel).getByRole('button', { name: 'This page was read wrong' }));
    await waitFor(() => expect(wired.reports).toHaveLength(1));
    // The report page finds the prospect's name in the extension's storage, never in its address.
    expect(wired.reports).toEqual([7]);
    expect(await reportNamesItem.getValue()).toEqual({ 7: first.prospect.name });
    expect(writesOf(backend)).toEqual([]);
    expect(document.body.innerHTML).toBe(before);
  });

  it('"Later" marks nothing', async () => {
    const { panel, stored, backend } = await panelFor({ card: 'connected' });
    human('click', within(panel).getByRole('button', { name: 'Later' }));
    expect(within(panel).getByText(/stays in the ready list/)).toBeTruthy();
    expect(stored().status).toBe('ready');
    expect(vi.mocked(backend.ask).mock.calls.map(([r]) => r.type)).not.toContain('markAssisted');
  });

  it('needs a confirmation past the weekly cap before it prepares anything, naming no figure', async () => {
    const over = await panelFor({ card: 'connect' }, (v) => ({ ...v, overCap: true }));
    expect(within(over.panel).queryByRole('button', { name: 'Prepare the invitation' })).toBeNull();
    expect(within(over.panel).getByText('Sending this invitation goes past the weekly cap you set.')).toBeTruthy();
    // The cap (100 by default) and the count are the popup's to show.
    expect(over.panel.textContent).not.toMatch(/\b100\b|last 7 days/);
    human('click', within(over.panel).getByRole('button', { name: 'Invite anyway' }));
    expect(within(over.panel).getByRole('button', { name: 'Prepare the invitation' })).toBeTruthy();
  });

  it('offers no assisted send while the weekly limit pause lasts, and says why, without reading its own words as the page', async () => {
    const { panel, states } = await panelFor({ card: 'connect' }, (v) => ({ ...v, paused: true }));
    expect(within(panel).getByText(/Assisted invitations are paused/)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: /Prepare the invitation/ })).toBeNull();
    // The pause message speaks of the weekly invitation limit; the page does not show it.
    await pass(800);
    expect(states.at(-1)).toBe('connect');
    expect(within(panel).queryByRole('button', { name: 'Mark failed' })).toBeNull();
  });

  it('says why a mark failed, and keeps the choice open', async () => {
    const { panel, backend } = await panelFor({ card: 'pending' });
    const real = backend.ask;
    backend.ask = vi.fn((request) =>
      request.type === 'markAssisted' ? Promise.reject(new RequestFailed({ kind: 'agent-paused', message: 'Agent paused' })) : real(request),
    ) as Backend['ask'];
    human('click', within(panel).getByRole('button', { name: 'Mark sent' }));
    await waitFor(() => expect(within(panel).getByText(/agent is paused on the service/)).toBeTruthy());
    expect(within(panel).getByRole('button', { name: 'Mark sent' })).toBeTruthy();
  });

  it('says a failure in plain words, with the technical detail behind Details and never the HTML the service answered', async () => {
    const { panel, backend } = await panelFor({ card: 'pending' });
    const real = backend.ask;
    const html = '<html><head><style>h1{color:red}</style></head><body><h1>502 Bad Gateway</h1><script>alert(1)</script></body></html>';
    let refuseMark = true;
    backend.ask = vi.fn((request) =>
      (request.type === 'markAssisted' && refuseMark) || request.type === 'openNext'
        ? Promise.reject(new RequestFailed({ kind: 'server', message: html, status: 502 }))
        : real(request),
    ) as Backend['ask'];
    const expectFailureShown = async () => {
      const sentence = await waitFor(() => within(panel).getByText(/service has a problem/));
      const details = sentence.closest('.feedback')!.querySelector('details')!;
      expect(details.open).toBe(false);
      expect(within(details as HTMLElement).getByText('Details').tagName).toBe('SUMMARY');
      expect(details.querySelector('code')!.textContent).toBe('server (HTTP 502): 502 Bad Gateway');
      expect(panel.querySelector('h1, script, style')).toBeNull();
      expect(sentence.textContent).not.toContain('<');
    };
    // The mark refused, then Next refused.
    human('click', within(panel).getByRole('button', { name: 'Mark sent' }));
    await expectFailureShown();
    refuseMark = false;
    human('click', within(panel).getByRole('button', { name: 'Mark sent' }));
    human('click', await waitFor(() => within(panel).getByRole('button', { name: /^Next invitation/ })));
    await expectFailureShown();
  });

  it('offers "mark sent" again, with the note counted, when the service refused the mark after the page confirmed', async () => {
    const { panel, backend, stored, first } = await panelFor({ card: 'connect', mimic: {} });
    const real = backend.ask;
    let refusals = 1;
    backend.ask = vi.fn((request) =>
      request.type === 'markAssisted' && refusals-- > 0 ? Promise.reject(new RequestFailed({ kind: 'server', message: '', status: 503 })) : real(request),
    ) as Backend['ask'];
    human('click', within(panel).getByRole('button', { name: 'Prepare the invitation' }));
    // A person presses Send once the panel says the note is in.
    await waitFor(() => expect(within(panel).getByText(/press Send on the page/)).toBeTruthy());
    human('click', document.querySelector<HTMLButtonElement>('[data-send]')!);
    await waitFor(() => expect(within(panel).getByText(/service has a problem/)).toBeTruthy(), { timeout: 5000 });
    human('click', within(panel).getByRole('button', { name: 'Mark sent' }));
    await waitFor(() => expect(stored().status).toBe('sent'));
    expect(stored().metadata).toMatchObject({ note_included: true, note_length: [...first.message!].length, page_state_before: 'connect' });
  });

  it('offers Open the desk where the browser opens it from the panel’s click (Chrome), asking the background within that click; not where it cannot (Firefox)', async () => {
    const { panel, backend } = await panelFor({ card: 'connect' });
    human('click', within(panel).getByRole('button', { name: 'Open the desk' }));
    expect(backend.ask).toHaveBeenLastCalledWith({ type: 'openDesk' });
    cleanup();
    document.body.innerHTML = '';
    const firefox = await panelFor({ card: 'connect' }, (v) => ({ ...v, deskFromPage: false }));
    expect(within(firefox.panel).queryByRole('button', { name: 'Open the desk' })).toBeNull();
  });

  it('collapses with its toggle and with Escape, and expands again', async () => {
    const { panel } = await panelFor({ card: 'connect' });
    const toggle = within(panel).getByRole('button', { name: 'Hide' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    human('click', toggle);
    expect(within(panel).queryByRole('textbox', { name: 'Note' })).toBeNull();
    const show = within(panel).getByRole('button', { name: 'Show' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    human('click', show);
    human('keyDown', within(panel).getByRole('textbox', { name: 'Note' }), { key: 'Escape' });
    expect(within(panel).queryByRole('textbox', { name: 'Note' })).toBeNull();
  });

  it('reads and places itself on each change of the page, but not at all while folded with nothing under way', async () => {
    const { panel, onRead } = await panelFor({ card: 'connect' });
    const changePage = () => document.querySelector('main')!.append(document.createElement('div'));
    // The throttle is 0.5 s: a change is read within 0.6 s.
    const readsAfterChange = async () => {
      onRead.mockClear();
      changePage();
      dispatchEvent(new Event('resize'));
      await pass(600);
      return onRead.mock.calls.length;
    };
    expect(await readsAfterChange()).toBeGreaterThan(0);
    human('click', within(panel).getByRole('button', { name: 'Hide' }));
    expect(await readsAfterChange()).toBe(0);
    // Unfolded, it reads again: on the page's changes and on the window's resize.
    human('click', within(panel).getByRole('button', { name: 'Show' }));
    expect(await readsAfterChange()).toBeGreaterThan(0);
    onRead.mockClear();
    dispatchEvent(new Event('resize'));
    expect(onRead).toHaveBeenCalled();
  }, 10_000);

  it('saves an edited note through the background and prepares with the new text', async () => {
    const { panel, stored } = await panelFor({ card: 'connect', mimic: {} });
    const box = within(panel).getByRole('textbox', { name: 'Note' });
    human('input', box, { target: { value: 'Hello from the panel' } });
    human('click', within(panel).getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(stored().message).toBe('Hello from the panel'));
    human('click', within(panel).getByRole('button', { name: 'Prepare the invitation' }));
    await waitFor(() => expect((document.querySelector('#custom-message') as HTMLTextAreaElement | null)?.value).toBe('Hello from the panel'));
  });
});

/** The writes a panel can ask of the background. */
const WRITES = ['saveNote', 'markAssisted', 'openNext', 'weeklyLimitReached'];
const writesOf = (backend: Backend) =>
  vi
    .mocked(backend.ask)
    .mock.calls.map(([r]) => r.type)
    .filter((t) => WRITES.includes(t));
const settle = () => pass(300);

describe('the note quota reached (the Premium upsell)', () => {
  /** The panel on a German page whose Connect opens the upsell, after Prepare. */
  async function atUpsell() {
    const harness = await panelFor({ card: 'connect', lang: 'de', mimic: { afterConnect: 'quota' } });
    human('click', within(harness.panel).getByRole('button', { name: 'Prepare the invitation' }));
    await waitFor(() => expect(within(harness.panel).getByText(/allows no more personalised notes/)).toBeTruthy());
    expect(document.querySelector('#modal-root a[href*="/premium/"]')).toBeTruthy();
    return harness;
  }

  it('offers Send without a note, Edit the note and Later, and sends without the note once the human presses the page’s button', async () => {
    const { panel, stored } = await atUpsell();
    for (const name of ['Send without a note', 'Edit the note', 'Later']) expect(within(panel).getByRole('button', { name })).toBeTruthy();
    human('click', within(panel).getByRole('button', { name: 'Send without a note' }));
    const without = document.querySelector<HTMLElement>('#modal-root [data-without]')!;
    await waitFor(() => expect(document.activeElement).toBe(without));
    expect(stored().status).toBe('ready');
    human('click', without);
    await waitFor(() => expect(stored().status).toBe('sent'), { timeout: 5000 });
    expect(stored().metadata).toMatchObject({ note_included: false, note_length: 0, page_language: 'de' });
    expect((window as unknown as { __sent: string[] }).__sent).toEqual(['']);
  });

  it('Later at the upsell records nothing, touches nothing on the page and says the invitation stays in the ready list', async () => {
    const { panel, stored, backend } = await atUpsell();
    human('click', within(panel).getByRole('button', { name: 'Later' }));
    expect(within(panel).getByText(/stays in the ready list/)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Send without a note' })).toBeNull();
    await settle();
    expect(writesOf(backend)).toEqual([]);
    expect(stored().status).toBe('ready');
    expect((window as unknown as { __sent: string[] }).__sent).toEqual([]);
  });
});

describe('only the human drives the panel', () => {
  it('obeys no click, key press, input or submit that a page script dispatches, on any control', async () => {
    const { panel, backend, stored } = await panelFor({ card: 'connect', mimic: {} });
    const box = within(panel).getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement;
    // A page script types into the note and tries the shortcut that saves it.
    box.value = 'Written by the page';
    fireEvent.input(box);
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save note' }));
    fireEvent.keyDown(box, { key: 'Escape' });
    await settle();
    expect(within(panel).getByRole('textbox', { name: 'Note' })).toBeTruthy();
    cleanup();
    // An invitation already pending: the page presses Mark sent and Later.
    const pending = await panelFor({ card: 'pending', mimic: {} });
    for (const name of ['Mark sent', 'Later']) within(pending.panel).getByRole('button', { name }).click();
    await settle();
    expect(writesOf(pending.backend)).toEqual([]);
    // The fail form, opened by the person: the page can neither submit nor confirm it.
    cleanup();
    const connected = await panelFor({ card: 'connected', mimic: {} });
    within(connected.panel).getByRole('button', { name: 'Mark failed: Already connected' }).click();
    fireEvent.click(within(connected.panel).getByRole('button', { name: 'Another reason…' }));
    expect(within(connected.panel).queryByRole('form')).toBeNull();
    human('click', within(connected.panel).getByRole('button', { name: 'Another reason…' }));
    fireEvent.submit(within(connected.panel).getByRole('form', { name: 'Why the invitation could not be sent' }));
    within(connected.panel).getByRole('button', { name: 'Confirm failed' }).click();
    await settle();
    expect(writesOf(backend)).toEqual([]);
    expect(writesOf(connected.backend)).toEqual([]);
    expect(stored().status).toBe('ready');
    expect(connected.stored().status).toBe('ready');
  });

  it('opens nothing on a synthetic Prepare, and marks nothing when the page presses its own Send', async () => {
    const { panel, backend } = await panelFor({ card: 'connect', mimic: {} }, (v) => ({ ...v, autoSend: true }));
    within(panel).getByRole('button', { name: 'Prepare the invitation' }).click();
    fireEvent.keyDown(within(panel).getByRole('button', { name: 'Prepare the invitation' }), { key: 'Enter' });
    await settle();
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    human('click', within(panel).getByRole('button', { name: 'Prepare the invitation' }));
    const sendNow = await waitFor(() => within(panel).getByRole('button', { name: 'Send now' }));
    sendNow.click();
    // The page sends by itself (a synthetic click on its own Send): the panel does not record it.
    document.querySelector<HTMLButtonElement>('[data-send]')!.click();
    await settle();
    expect(writesOf(backend)).toEqual([]);
  });

  it('obeys no synthetic click or key press on Invite anyway, Hide, Edit the note or Send without a note', async () => {
    const over = await panelFor({ card: 'connect', mimic: {} }, (v) => ({ ...v, overCap: true }));
    const anyway = within(over.panel).getByRole('button', { name: 'Invite anyway' });
    anyway.click();
    fireEvent.keyDown(anyway, { key: 'Enter' });
    const hide = within(over.panel).getByRole('button', { name: 'Hide' });
    hide.click();
    fireEvent.keyDown(hide, { key: ' ' });
    await settle();
    expect(within(over.panel).queryByRole('button', { name: 'Prepare the invitation' })).toBeNull();
    expect(within(over.panel).getByRole('button', { name: 'Invite anyway' })).toBeTruthy();
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    expect(writesOf(over.backend)).toEqual([]);
    cleanup();
    // At the upsell: the page presses Send without a note and Edit the note.
    const quota = await panelFor({ card: 'connect', mimic: { afterConnect: 'quota' } });
    human('click', within(quota.panel).getByRole('button', { name: 'Prepare the invitation' }));
    await waitFor(() => expect(within(quota.panel).getByText(/allows no more personalised notes/)).toBeTruthy());
    const before = document.activeElement;
    within(quota.panel).getByRole('button', { name: 'Send without a note' }).click();
    within(quota.panel).getByRole('button', { name: 'Edit the note' }).click();
    await settle();
    expect(within(quota.panel).getByText(/allows no more personalised notes/)).toBeTruthy();
    expect(within(quota.panel).getByRole('button', { name: 'Send without a note' })).toBeTruthy();
    expect(document.activeElement).toBe(before);
    expect((document.querySelector('#modal-root [data-without]') as HTMLElement).style.outline).toBe('');
    expect(writesOf(quota.backend)).toEqual([]);
    expect(quota.stored().status).toBe('ready');
  });

  it('opens the next profile only on a trusted click', async () => {
    const { panel, backend } = await panelFor({ card: 'pending' });
    human('click', within(panel).getByRole('button', { name: 'Mark sent' }));
    const next = await waitFor(() => within(panel).getByRole('button', { name: 'Next invitation' }));
    next.click();
    await settle();
    expect(writesOf(backend)).toEqual(['markAssisted']);
  });
});

describe('the panel in a session of invitations', () => {
  it('shows no note editor where no note can be sent', async () => {
    for (const card of ['pending', 'connected'] as const) {
      const { panel } = await panelFor({ card });
      expect(within(panel).queryByRole('textbox', { name: 'Note' })).toBeNull();
      cleanup();
    }
    const { panel } = await panelFor({ card: 'connect-in-more' });
    expect(within(panel).getByText('Connect is in the More menu')).toBeTruthy();
    expect(within(panel).getByRole('textbox', { name: 'Note' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Prepare the invitation' })).toBeTruthy();
  });

  it('moves the focus to Next invitation, which names nobody, once the invitation is recorded', async () => {
    const { panel, wired, backend } = await panelFor({ card: 'pending' });
    human('click', within(panel).getByRole('button', { name: 'Mark sent' }));
    const next = await waitFor(() => within(panel).getByRole('button', { name: 'Next invitation' }));
    await waitFor(() => expect((next.getRootNode() as ShadowRoot).activeElement).toBe(next));
    human('click', next);
    await waitFor(() => expect(wired.navigated).toHaveLength(1));
    expect(writesOf(backend).at(-1)).toBe('openNext');
  });

  it('prepares when the extension asks (Prepare here), as its own button does, and only where Prepare is offered', async () => {
    const { panel, ref, first } = await panelFor({ card: 'connect', mimic: {} });
    ref.current!.prepareAsked();
    await waitFor(() => expect((document.querySelector('#custom-message') as HTMLTextAreaElement | null)?.value).toBe(first.message));
    await waitFor(() => expect(within(panel).getByText(/press Send on the page/)).toBeTruthy());
    cleanup();
    // Past the weekly cap: the panel shows itself and asks first; nothing is opened.
    const over = await panelFor({ card: 'connect', mimic: {} }, (v) => ({ ...v, overCap: true }));
    over.ref.current!.prepareAsked();
    await settle();
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    const anyway = within(over.panel).getByRole('button', { name: 'Invite anyway' });
    await waitFor(() => expect((anyway.getRootNode() as ShadowRoot).activeElement).toBe(anyway));
  });

  it('unfolds and takes the focus when the keyboard shortcut asks', async () => {
    const { panel, ref } = await panelFor({ card: 'connect' });
    human('click', within(panel).getByRole('button', { name: 'Hide' }));
    expect(within(panel).queryByRole('button', { name: 'Prepare the invitation' })).toBeNull();
    ref.current!.focusPanel();
    const prepare = await waitFor(() => within(panel).getByRole('button', { name: 'Prepare the invitation' }));
    await waitFor(() => expect((prepare.getRootNode() as ShadowRoot).activeElement).toBe(prepare));
  });
});

/**
 * The panel on a card whose Connect opens a dialog for someone else (`afterConnect`), Prepare
 * pressed by the person: every click in the dialog recorded, and the panel having said so.
 */
async function prepareBeforeForeignDialog(afterConnect: 'someone-else' | 'someone-else-in-body') {
  const { panel, backend } = await panelFor({ card: 'connect', mimic: { afterConnect } });
  const clicked: string[] = [];
  document.getElementById('modal-root')!.addEventListener('click', (e) => clicked.push((e.target as Element).outerHTML), true);
  human('click', within(panel).getByRole('button', { name: 'Prepare the invitation' }));
  await waitFor(() => expect(within(panel).getByText(/names someone else/)).toBeTruthy());
  await settle();
  return { panel, backend, clicked, dialog: document.querySelector('#modal-root [data-dialog]')! };
}

describe('only the prospect’s card, and a dialog opened for them', () => {
  it('never clicks a decoy card placed first in the main region', async () => {
    const decoy =
      '<section id="decoy"><h2>Mallory Evil</h2><a href="/preload/custom-invite/?vanityName=mallory-evil">Connect</a><button aria-expanded="false">More</button></section>';
    const { panel } = await panelFor({ card: 'connect', mimic: {}, before: decoy });
    const clicked: string[] = [];
    document.getElementById('decoy')!.addEventListener('click', (e) => clicked.push((e.target as Element).outerHTML), true);
    human('click', within(panel).getByRole('button', { name: 'Prepare the invitation' }));
    await waitFor(() => expect(within(panel).getByText(/press Send on the page/)).toBeTruthy());
    expect(clicked).toEqual([]);
  });

  it('says so and offers nothing when the card names someone else under the prospect’s address', async () => {
    const { panel, states } = await panelFor({ card: 'connect', mimic: {}, name: 'John Smith' });
    expect(within(panel).getByText(/does not clearly show this person's profile/)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: /Prepare the invitation/ })).toBeNull();
    expect(states.at(-1)).toBe('unknown');
  });

  it('never fills a dialog for another person that was already open', async () => {
    const foreign = `<div id="other-modal" class="artdeco-modal-overlay">${dialogHtml('note-200').replace('custom-message', 'other-message').replace('<h2>', '<h2>Invite Mallory Evil: ')}</div>`;
    const { panel, first } = await panelFor({ card: 'connect', mimic: {}, after: foreign });
    human('click', within(panel).getByRole('button', { name: 'Prepare the invitation' }));
    await waitFor(() => expect(within(panel).getByText(/press Send on the page/)).toBeTruthy());
    expect((document.querySelector('#other-modal textarea') as HTMLTextAreaElement).value).toBe('');
    expect((document.querySelector('#modal-root textarea') as HTMLTextAreaElement).value).toBe(first.message);
  });

  it('fills and clicks nothing in a dialog for another person that opens after Prepare, and says so', async () => {
    const { panel, backend, clicked, dialog } = await prepareBeforeForeignDialog('someone-else');
    expect(dialog.getAttribute('aria-label')).toBe('Invite Mallory Evil to connect');
    expect(clicked).toEqual([]);
    expect(dialog.querySelector('textarea')).toBeNull();
    expect(dialog.contains(document.activeElement)).toBe(false);
    expect((dialog.querySelector('[data-without]') as HTMLElement).style.outline).toBe('');
    expect(within(panel).queryByText(/press Send on the page/)).toBeNull();
    expect(writesOf(backend)).toEqual([]);
  });

  it('types nothing in a 2026 dialog that names another person only in its body, and says so', async () => {
    const { panel, backend, clicked, dialog } = await prepareBeforeForeignDialog('someone-else-in-body');
    expect(dialog.querySelector('strong')?.textContent).toBe('Mallory Evil');
    expect(dialog.querySelector('h2')?.textContent).toBe('Add a note to your invitation?');
    expect(clicked).toEqual([]);
    expect(dialog.querySelector('textarea')).toBeNull();
    expect(within(panel).queryByText(/press Send on the page/)).toBeNull();
    expect(writesOf(backend)).toEqual([]);
  });

  it('never fills nor clicks anything in a chat window open beside the invitation dialog', async () => {
    const chat =
      '<aside id="chat"><div role="dialog" aria-label="Conversation with Mitul Sudra"><div contenteditable="true" role="textbox"></div><textarea name="draft"></textarea><button type="submit">Send</button></div></aside>';
    const { panel, first } = await panelFor({ card: 'connect', mimic: {}, after: chat });
    const touched: string[] = [];
    document.getElementById('chat')!.addEventListener('click', () => touched.push('click'), true);
    human('click', within(panel).getByRole('button', { name: 'Prepare the invitation' }));
    await waitFor(() => expect(within(panel).getByText(/press Send on the page/)).toBeTruthy());
    expect(touched).toEqual([]);
    expect((document.querySelector('#chat textarea') as HTMLTextAreaElement).value).toBe('');
    expect(document.activeElement).toBe(document.querySelector('#modal-root [data-send]'));
    expect((document.querySelector('#modal-root textarea') as HTMLTextAreaElement).value).toBe(first.message);
  });
});

describe('the note sent is the note shown', () => {
  it('saves an edit not saved yet before it prepares, and the page’s dialog gets that text', async () => {
    const { panel, stored } = await panelFor({ card: 'connect', mimic: {} });
    human('input', within(panel).getByRole('textbox', { name: 'Note' }), { target: { value: 'Typed, never saved' } });
    human('click', within(panel).getByRole('button', { name: 'Prepare the invitation' }));
    await waitFor(() => expect((document.querySelector('#custom-message') as HTMLTextAreaElement | null)?.value).toBe('Typed, never saved'));
    expect(stored().message).toBe('Typed, never saved');
  });

  it('shows the note typed in the popup and not saved, saves it before it prepares, and forgets the draft', async () => {
    const { panel, stored } = await panelFor({ card: 'connect', mimic: {} }, undefined, (id) => saveDraft(id, 'Typed in the popup'));
    const box = within(panel).getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement;
    expect(box.value).toBe('Typed in the popup');
    human('click', within(panel).getByRole('button', { name: 'Prepare the invitation' }));
    await waitFor(() => expect((document.querySelector('#custom-message') as HTMLTextAreaElement | null)?.value).toBe('Typed in the popup'));
    expect(stored().message).toBe('Typed in the popup');
    expect(await noteDraftsItem.getValue()).toEqual({});
  });

  it('records the text the page’s box held at Send beside the mark when it differs, and leaves the saved note alone', async () => {
    const { panel, stored, first, backend } = await panelFor({ card: 'connect', mimic: {} });
    human('click', within(panel).getByRole('button', { name: 'Prepare the invitation' }));
    await waitFor(() => expect(within(panel).getByText(/press Send on the page/)).toBeTruthy());
    // The person (or the page) rewrites the note in the page's own dialog, then the person sends.
    const box = document.querySelector('#custom-message') as HTMLTextAreaElement;
    human('input', box, { target: { value: 'Rewritten in the page' } });
    human('click', document.querySelector('[data-send]')!);
    await waitFor(() => expect(stored().status).toBe('sent'), { timeout: 5000 });
    expect(stored().message).toBe(first.message);
    expect(writesOf(backend)).toEqual(['markAssisted']);
    expect(stored().metadata).toMatchObject({ note_included: true, note_length: 'Rewritten in the page'.length, note_in_dialog: 'Rewritten in the page' });
  });

  it('adds no note_in_dialog when the page’s box held the saved note', async () => {
    const { panel, stored } = await panelFor({ card: 'connect', mimic: {} });
    human('click', within(panel).getByRole('button', { name: 'Prepare the invitation' }));
    await waitFor(() => expect(within(panel).getByText(/press Send on the page/)).toBeTruthy());
    human('click', document.querySelector('[data-send]')!);
    await waitFor(() => expect(stored().status).toBe('sent'), { timeout: 5000 });
    expect(stored().metadata).not.toHaveProperty('note_in_dialog');
  });
});

describe("the panel and the action's agent", () => {
  it.each([
    ['paused', /agent is paused: the service would not record it\. Resume the agent/],
    ['cancelled', /agent was cancelled: it can no longer be sent or recorded/],
  ] as const)('offers no Prepare for a %s agent, and says why and what to do, without naming the agent', async (status, words) => {
    const { panel } = await panelFor({ card: 'connect' }, (v) => ({ ...v, agentBlocked: status }));
    expect(within(panel).queryByRole('button', { name: /Prepare the invitation/ })).toBeNull();
    expect(within(panel).getByText(words)).toBeTruthy();
  });

  it('says plainly that an invitation sent while its agent was paused will be recorded when the agent is active again', async () => {
    const { panel, wired, first, stored } = await panelFor({ card: 'connect', mimic: {} });
    human('click', within(panel).getByRole('button', { name: /^Prepare the invitation/ }));
    const send = await waitFor(() => {
      const el = document.querySelector<HTMLButtonElement>('[data-send]');
      expect(el && document.activeElement === el).toBe(true);
      return el!;
    });
    await waitFor(() => expect(within(panel).getByText(/press Send on the page/)).toBeTruthy());
    // The agent is paused between Prepare and Send.
    wired.sandbox.accounts.get(DEMO_KEY)!.agents.find((a) => a.id === first.agentId)!.status = 'paused';
    human('click', send);
    await waitFor(() => expect(within(panel).getByText(/will be recorded on the service as soon as the agent is active again/)).toBeTruthy());
    expect(stored().status).toBe('ready');
  });
});

/** The panel on a connect card with the site played, Prepare pressed by the person, the note in and Send ready. */
async function readyToSend(adjust?: (view: PanelView) => PanelView) {
  const harness = await panelFor({ card: 'connect', mimic: {} }, adjust);
  human('click', within(harness.panel).getByRole('button', { name: 'Prepare the invitation' }));
  await waitFor(() => expect(within(harness.panel).getByText(/press Send on the page/)).toBeTruthy());
  return { ...harness, send: document.querySelector<HTMLButtonElement>('[data-send]')! };
}

const NOT_SURE = /cannot tell whether you sent this invitation/;

describe('a Send that is really the person’s', () => {
  it('asks the person, and records nothing, when the page moved its Send under their click', async () => {
    const { panel, send, stored, backend } = await readyToSend();
    // The page's script puts its Send where the person was about to click something else.
    layout.move(send, { left: 700, top: 12 });
    human('click', send);
    await waitFor(() => expect(within(panel).getByText(NOT_SURE)).toBeTruthy());
    await settle();
    expect(writesOf(backend)).toEqual([]);
    expect(stored().status).toBe('ready');
    // The person says what happened: it went.
    human('click', within(panel).getByRole('button', { name: 'Mark sent' }));
    await waitFor(() => expect(stored().status).toBe('sent'));
  });

  it('asks the person when something of the page covers its Send at its centre, or it is transparent', async () => {
    const covered = await readyToSend();
    const veil = document.createElement('div');
    document.body.append(veil);
    layout.move(veil, covered.send);
    human('click', covered.send);
    await waitFor(() => expect(within(covered.panel).getByText(NOT_SURE)).toBeTruthy());
    expect(covered.stored().status).toBe('ready');
    cleanup();
    const faded = await readyToSend();
    faded.send.style.opacity = '0';
    human('click', faded.send);
    await waitFor(() => expect(within(faded.panel).getByText(NOT_SURE)).toBeTruthy());
    expect(faded.stored().status).toBe('ready');
  });

  it('asks the person when the page shows Pending and closes its dialog with no click of theirs on Send', async () => {
    const { panel, send, stored, backend } = await readyToSend();
    // The page sends by itself (a script's click on its own Send): Pending shows, the dialog goes.
    send.click();
    await waitFor(() => expect(within(panel).getByText(NOT_SURE)).toBeTruthy(), { timeout: 3000 });
    expect(document.querySelector('[data-actions] [aria-label^="Pending"]')).toBeTruthy();
    expect(writesOf(backend)).toEqual([]);
    expect(stored().status).toBe('ready');
  });

  it('takes no Pending the card showed before the click, and no toast naming someone else, for the network’s confirmation', async () => {
    const { panel, send, stored } = await readyToSend();
    // Before the person's click the card already shows Pending; after it, the page's toast names another person.
    document.querySelector('[data-actions] [data-connect]')!.remove();
    document.querySelector('[data-actions]')!.insertAdjacentHTML('afterbegin', '<a aria-label="Pending, click to withdraw invitation" href="#">Pending</a>');
    send.addEventListener('click', () => {
      document.getElementById('toasts')!.innerHTML = '<div role="alert">Invitation sent to Mallory Evil</div>';
    });
    human('click', send);
    await waitFor(() => expect(within(panel).getByText('Waiting for the network to confirm…')).toBeTruthy());
    // Were either taken for the confirmation, the mark would be made within a few tens of ms.
    await pass(1500);
    expect(stored().status).toBe('ready');
    expect(within(panel).getByText('Waiting for the network to confirm…')).toBeTruthy();
  });

  it('takes a toast that names this prospect, or nobody, for the network’s confirmation', async () => {
    const { panel, send, stored, first } = await readyToSend();
    send.addEventListener('click', () => {
      document.querySelector('[data-actions] a[aria-label^="Pending"]')?.remove();
      document.getElementById('toasts')!.innerHTML = `<div role="alert">Your invitation to ${first.prospect.name} was sent.</div>`;
    });
    human('click', send);
    await waitFor(() => expect(within(panel).getByText('Marked sent on the service.')).toBeTruthy(), { timeout: 5000 });
    expect(stored().status).toBe('sent');
  });
});

/**
 * The browser's editing command as Chromium and Firefox run it on the focused box: its text
 * replaced, with the browser's own (trusted) input event. happy-dom has none.
 */
function browserEditing(): void {
  document.execCommand = ((command: string, _ui?: boolean, value?: string) => {
    const box = document.activeElement;
    if (command !== 'insertText' || !(box instanceof HTMLTextAreaElement)) return false;
    box.value = value ?? '';
    const input = new Event('input', { bubbles: true });
    Object.defineProperty(input, 'isTrusted', { value: true });
    box.dispatchEvent(input);
    return true;
  }) as typeof document.execCommand;
}

/** Events the page could tell from a person's: any a script dispatched (isTrusted false) outside the panel. */
function untrustedInPage(): string[] {
  const heard: string[] = [];
  for (const type of ['click', 'mousedown', 'mouseup', 'keydown', 'keyup', 'input', 'beforeinput', 'change', 'submit'])
    document.addEventListener(type, (e) => !e.isTrusted && !own.host?.contains(e.target as Node) && heard.push(type), true);
  return heard;
}

describe('"Let me click on the page"', () => {
  const guided = (v: PanelView) => ({ ...v, letMeClick: true, autoSend: true });

  it('says which of the page’s buttons to press, types the note with the browser’s editing command, and dispatches no event into the page', async () => {
    browserEditing();
    const { panel, first, stored } = await panelFor({ card: 'connect-in-more', mimic: {} }, guided);
    const heard = untrustedInPage();
    const says = (text: string | RegExp) => waitFor(() => expect(within(panel).getByText(text)).toBeTruthy());
    human('click', within(panel).getByRole('button', { name: 'Prepare the invitation' }));
    await says("Press More on the profile's card, then Connect in its menu.");
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    human('click', document.querySelector('[data-more]')!);
    await says('Press Connect in the More menu.');
    human('click', document.querySelector('[role="menuitem"][href*="custom-invite"]')!);
    await says('Press “Add a note” in the invitation window.');
    human('click', document.querySelector('[data-add-note]')!);
    await says('The note is in. Check it, then press Send in the invitation window.');
    const send = document.querySelector<HTMLButtonElement>('[data-send]')!;
    expect((document.querySelector('#custom-message') as HTMLTextAreaElement).value).toBe(first.message);
    // Nothing drawn on the page's Send, nor focused, and no Send now (it would be a script's click).
    expect([send.style.outline, document.activeElement === send]).toEqual(['', false]);
    expect(within(panel).queryByRole('button', { name: 'Send now' })).toBeNull();
    human('click', send);
    await waitFor(() => expect(stored().status).toBe('sent'), { timeout: 5000 });
    expect(heard).toEqual([]);
  });

  it('gives up when the person says Later, and types nothing in a dialog they open afterwards', async () => {
    browserEditing();
    const { panel, stored } = await panelFor({ card: 'connect', mimic: {} }, guided);
    human('click', within(panel).getByRole('button', { name: 'Prepare the invitation' }));
    await waitFor(() => expect(within(panel).getByText("Press Connect on the profile's card.")).toBeTruthy());
    human('click', within(panel).getByRole('button', { name: 'Later' }));
    expect(within(panel).getByText(/stays in the ready list/)).toBeTruthy();
    human('click', document.querySelector('[data-connect]')!);
    human('click', await waitFor(() => document.querySelector('[data-add-note]')!));
    await settle();
    await pass(1200);
    expect((document.querySelector('#custom-message') as HTMLTextAreaElement).value).toBe('');
    expect(stored().status).toBe('ready');
  });

  it('stops, typing nothing, when the browser’s editing command does not take the note (no event of its own instead)', async () => {
    document.execCommand = (() => false) as typeof document.execCommand;
    const { panel } = await panelFor({ card: 'connect', mimic: {} }, guided);
    const heard = untrustedInPage();
    human('click', within(panel).getByRole('button', { name: 'Prepare the invitation' }));
    human('click', await waitFor(() => document.querySelector<HTMLElement>('[data-connect]')!));
    human('click', await waitFor(() => document.querySelector('[data-add-note]')!));
    await waitFor(() => expect(within(panel).getByText(/did not take the note/)).toBeTruthy());
    expect((document.querySelector('#custom-message') as HTMLTextAreaElement).value).toBe('');
    expect(heard).toEqual([]);
  });
});
