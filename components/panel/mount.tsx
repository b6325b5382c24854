// Mounts the panel in a closed shadow root of its own, and removes everything when the profile
// has no invitation or the extension context is gone. The loader content script follows in-page
// navigation and calls the handle's refresh; the background says which profile the tab shows.
// Nothing on the host names the extension: store builds give it no id, class or attribute (the
// sandbox build adds test hooks: an id, data-invitation-state, an open root).
import { render } from 'preact';
import { browser } from 'wxt/browser';
import { contextAlive } from '../../lib/extension-context';
import { ask, type PanelView } from '../../lib/messaging/ask';
import { CONTROLS, own } from '../../lib/page-reader/dom';
import type { PageReading } from '../../lib/page-reader/read-page';
import { readTopCard } from '../../lib/page-reader/top-card';
import { choosePlacement, type Rect } from '../../lib/panel/placement';
import { panelSlot } from '../../lib/panel/handle';
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
  /**
   * The action shown, bound when the panel opened: kept after its outcome (it leaves the ready
   * list) until the person moves on, and while the page still shows this person under another
   * address (a page can rewrite its own address).
   */
  let shown: { slug: string; action: NonNullable<PanelView['action']> } | null = null;
  /** The address names someone else while this person is still shown: switch once they are gone. */
  let stale = false;

  const alive = () => contextAlive(runtime);
  const stillShown = () => !!shown && !!readTopCard(document, { slug: shown.slug, name: shown.action.prospect.name });

  /** The browser's keyboard shortcut (commands API), relayed by the background: open and focus the panel. */
  const onMessage = (message: unknown, sender: { id?: string | undefined }) => {
    if (sender.id === runtime.id && (message as { type?: unknown } | null)?.type === 'focusPanel') panel?.focusPanel();
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
    if (!slug) return teardown();
    stale = !!view.action && !!shown && shown.slug !== slug && stillShown();
    if (view.action && !stale) shown = { slug, action: view.action };
    else if (!shown || (shown.slug !== slug && !stale)) return teardown();
    const target = ensureHost();
    render(
      <Panel
        ref={(p) => {
          panel = p;
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
    if (stale && !stillShown()) void refresh();
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

  /** A script rewrote the address: nothing is asked (a page must not learn who is ready), the card decides. */
  function moved(slug: string | null): void {
    stale = false;
    if (!slug || !stillShown()) teardown();
  }

  slot.__invitationAssistantPanel__ = { refresh: () => void refresh(), moved };
  void refresh();
}
