// Mounts the panel in a closed shadow root of its own, and removes everything when the tab no
// longer shows the invitation's profile or the extension context is gone. The background injects it
// only where it may come (lib/background/tab-invitations.ts) and says which invitation that is; the
// loader content script tells it when the address changes.
// Nothing on the host names the extension: store builds give it no id, class or attribute (the
// sandbox build adds test hooks: an id, data-invitation-state, an open root).
import { render } from 'preact';
import { browser } from 'wxt/browser';
import { contextAlive } from '../../lib/extension-context';
import { ask, type PanelView } from '../../lib/messaging/ask';
import { CONTROLS, own } from '../../lib/page-reader/dom';
import type { PageReading } from '../../lib/page-reader/read-page';
import { choosePlacement, type Rect } from '../../lib/panel/placement';
import { panelSlot, type PanelMessage } from '../../lib/panel/handle';
import { mark } from '../../lib/panel/marks';
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

  const alive = () => contextAlive(runtime);

  /** What the background asked (the focus shortcut, Prepare here), done once the panel is drawn. */
  let asked: PanelMessage | undefined;
  const perform = () => {
    if (!panel || !asked) return;
    if (asked.type === 'prepare') panel.prepareAsked();
    else panel.focusPanel();
    asked = undefined;
  };
  const onMessage = (message: unknown, sender: { id?: string | undefined }) => {
    const type = (message as { type?: unknown } | null)?.type;
    if (sender.id !== runtime.id || (type !== 'focusPanel' && type !== 'prepare')) return;
    asked = message as PanelMessage;
    perform();
  };
  let panel: Panel | null = null;

  function teardown(): void {
    clearInterval(timer);
    runtime.onMessage.removeListener(onMessage);
    if (container) render(null, container);
    host?.remove();
    host = container = own.host = null;
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

  async function refresh(): Promise<void> {
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
    const target = ensureHost();
    render(
      <Panel
        ref={(p) => {
          panel = p;
          perform();
        }}
        key={`${shown.action.id}:${shown.slug}`}
        backend={backend}
        slug={shown.slug}
        view={{ ...view, action: shown.action }}
        onState={(state) => SANDBOX && host?.setAttribute('data-invitation-state', state)}
        onViewChange={() => void refresh()}
        onRead={place}
      />,
      target,
    );
    mark('shown');
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

  /** The address changed: anything but the invitation's profile ends the panel (the background forgets the tab's grant too). */
  function moved(slug: string | null): void {
    if (shown && slug !== shown.slug) teardown();
  }

  slot.__invitationAssistantPanel__ = { refresh: () => void refresh(), moved };
  void refresh();
}
