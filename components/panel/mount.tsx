// Runs the assisted send of the tab's invitation (lib/page/assist/session.ts) and gives it a face: the
// panel, in a closed shadow root of its own; or none, while the desk is open in the window (the desk
// shows the session through a port: lib/page/assist/desk-link.ts). Removes everything when the tab no
// longer shows the invitation's profile or the extension context is gone. The background injects it
// only where it may come (lib/background/tab-invitations.ts) and says which invitation that is; the
// loader content script tells it when the address changes.
// Nothing on the host names the extension: store builds give it no id, class or attribute (the
// sandbox build adds test hooks: an id, data-invitation-state, an open root). Without a face, nothing
// at all is added to the page.
import { render } from 'preact';
import { browser, type Browser } from 'wxt/browser';
import { applyDeskCommand, DESK_PORT, type DeskCommand, type DeskUpdate } from '../../lib/page/assist/desk-link';
import { AssistSession } from '../../lib/page/assist/session';
import { contextAlive } from '../../lib/page/extension-context';
import { ask, type PanelView } from '../../lib/messaging/ask';
import { CONTROLS, own } from '../../lib/page/reader/dom';
import type { PageReading } from '../../lib/page/reader/read-page';
import { choosePlacement, type Rect } from '../../lib/page/panel/placement';
import { panelSlot, type PanelMessage } from '../../lib/page/panel/handle';
import { mark } from '../../lib/page/panel/marks';
import type { PageBackend } from '../shared/backend';
import { Panel } from './panel';
import css from './panel.css?inline';

const SANDBOX = import.meta.env.MODE === 'sandbox';

/** What the panel must never cover: the top card's controls and every open dialog, in shadow roots too. */
function obstacles(reading: PageReading): Rect[] {
  return [...reading.dialogs, ...(reading.card?.element.querySelectorAll(CONTROLS) ?? [])]
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.width && r.height);
}

export function mountPanel(): void {
  mark('start');
  const slot = panelSlot(window);
  if (slot.__invitationAssistantPanel__) return slot.__invitationAssistantPanel__.refresh();

  const runtime = browser.runtime;
  const backend: PageBackend = { ask: (request) => ask((m) => runtime.sendMessage(m), request) };
  let host: HTMLElement | null = null;
  let container: HTMLElement | null = null;
  /** The action shown, bound when the panel opened: kept after its outcome (it leaves the ready list) until the tab moves on. */
  let shown: { slug: string; action: NonNullable<PanelView['action']> } | null = null;
  let session: AssistSession | null = null;
  let panel: Panel | null = null;
  /** The desk's port, while the desk looks at this tab. */
  let desk: Browser.runtime.Port | null = null;

  const alive = () => contextAlive(runtime);

  /** What the background asked (the focus shortcut, Prepare here, the desk's Prepare), done once the session is there. */
  let asked: PanelMessage | undefined;
  const perform = () => {
    const message = asked;
    const s = session;
    if (!s || !message) return;
    asked = undefined;
    if (message.type === 'prepare') {
      // The desk's note: the one it shows, saved before it asked.
      if (message.note !== undefined) s.note = message.note;
      const run = () => (panel ? panel.prepareAsked() : s.prepareAsked(message.pastCap));
      // Brought by the open-next key: once the page shows the prospect's own card.
      if (message.arrival) void s.arrived().then(() => s === session && run());
      else run();
    } else if (message.type === 'focusPanel') panel?.focusPanel();
  };
  const onMessage = (message: unknown, sender: { id?: string | undefined }, answer: (reply: null) => void) => {
    const type = (message as { type?: unknown } | null)?.type;
    if (sender.id !== runtime.id) return;
    if (type === 'settle') {
      // Answered once recorded: the background takes the tab elsewhere only then.
      // A session still being set up (the key pressed again at once) is waited for.
      void refreshing.then(() => session?.settleBeforeLeaving()).finally(() => answer(null));
      return true;
    }
    if (type === 'refresh') void refresh();
    else if (type === 'focusPanel' || type === 'prepare') {
      asked = message as PanelMessage;
      // The session first reads again what the background says (the note, the flags).
      void refresh();
    }
  };

  const tellDesk = () => desk?.postMessage({ snapshot: session?.snapshot() ?? null } satisfies DeskUpdate);
  const onConnect = (port: Browser.runtime.Port) => {
    // Only the extension's own pages can open a port to this script; the desk is one.
    if (port.name !== DESK_PORT || port.sender?.id !== runtime.id) return;
    desk?.disconnect();
    desk = port;
    port.onMessage.addListener((command: DeskCommand) => session && applyDeskCommand(session, command));
    port.onDisconnect.addListener(() => {
      if (desk !== port) return;
      desk = null;
      if (!panel) session?.want(false);
    });
    if (!panel) session?.want(true);
    tellDesk();
  };

  function dropFace(): void {
    if (container) render(null, container);
    host?.remove();
    host = container = own.host = null;
    panel = null;
  }

  function teardown(): void {
    clearInterval(timer);
    runtime.onMessage.removeListener(onMessage);
    runtime.onConnect.removeListener(onConnect);
    dropFace();
    session?.dispose();
    session = null;
    tellDesk();
    desk?.disconnect();
    delete slot.__invitationAssistantPanel__;
  }

  function ensureHost(): HTMLElement {
    if (container) return container;
    own.host = host = document.createElement('div');
    if (SANDBOX) host.id = 'invitation-assistant-panel';
    const shadow = host.attachShadow({ mode: SANDBOX ? 'open' : 'closed' });
    const style = document.createElement('style');
    style.textContent = css;
    container = document.createElement('div');
    container.className = 'c';
    container.setAttribute('data-corner', 'bottom-left');
    shadow.append(style, container);
    document.body.append(host);
    return container;
  }

  /** The latest refresh, while it runs or once done. */
  let refreshing: Promise<void> = Promise.resolve();
  function refresh(): Promise<void> {
    refreshing = refreshNow();
    return refreshing;
  }

  async function refreshNow(): Promise<void> {
    let view: PanelView;
    try {
      mark('asked');
      view = await backend.ask({ type: 'panelView' });
      mark('answered');
    } catch {
      // A dead context (extension reloaded) removes the panel; otherwise the panel shown stays
      // as it is, and the next change of profile asks again.
      if (!alive()) teardown();
      return;
    }
    const slug = view.slug;
    // Only the invitation the tab was brought to, while it shows that profile; after its outcome it
    // has left the ready list, and stays shown until the tab moves on.
    if (view.action && slug) shown = { slug, action: view.action };
    if (!shown || shown.slug !== slug) return teardown();
    const { autoSend, letMeClick, overCap, paused, agentBlocked, hasNext } = view;
    const flags = { autoSend, letMeClick, overCap, paused, agentBlocked, hasNext };
    if (session?.o.action.id !== shown.action.id) {
      session?.dispose();
      session = new AssistSession({ doc: document, ask: backend.ask, slug, action: shown.action, flags, onRead: place, onViewChange: () => void refresh() });
      session.listeners.add(tellDesk);
    }
    session.flags = flags;
    if (view.desk) {
      // The desk is the face: nothing of the extension's in the page.
      dropFace();
      session.want(!!desk);
    } else {
      render(
        <Panel
          key={shown.action.id}
          ref={(p) => {
            panel = p;
            perform();
          }}
          session={session}
          backend={backend}
          view={{ ...view, action: shown.action }}
          onState={(state) => SANDBOX && host?.setAttribute('data-invitation-state', state)}
        />,
        ensureHost(),
      );
      mark('shown');
    }
    tellDesk();
    perform();
  }

  /** Moves the panel to a corner clear of the page's controls, or folds it to its title bar. */
  function place(reading: PageReading): void {
    if (!container) return;
    // Measured unfolded now, as drawn: its border and fractions of a pixel count (scrollHeight
    // leaves both out, and the panel then overlapped a dialog it cleared by under 2 px), and a
    // height kept from before a fold misses what the panel shows since. No paint in between.
    container.removeAttribute('data-squeezed');
    const box = container.firstElementChild;
    const height = box?.getBoundingClientRect().height ?? 0;
    const bar = height - (box?.querySelector('.body')?.getBoundingClientRect().height ?? 0);
    const spot = choosePlacement({ width: 320, height }, { width: innerWidth, height: innerHeight }, obstacles(reading), bar);
    container.setAttribute('data-corner', spot.corner);
    container.toggleAttribute('data-squeezed', spot.collapse);
  }

  // The extension may be reloaded or updated, which leaves this script without a context:
  // then it removes itself quietly.
  const timer = setInterval(() => alive() || teardown(), 1000);
  runtime.onMessage.addListener(onMessage);
  runtime.onConnect.addListener(onConnect);

  /** The address changed: anything but the invitation's profile ends the panel (the background forgets the tab's grant too). */
  function moved(slug: string | null): void {
    if (shown && slug !== shown.slug) teardown();
  }

  slot.__invitationAssistantPanel__ = { refresh: () => void refresh(), moved };
  void refresh();
}
