// Mounts the panel in a shadow root of its own, and removes everything when the profile has
// no invitation or the extension context is gone. The loader content script follows in-page
// navigation and calls the handle's refresh; the background says which profile the tab shows.
import { render } from 'preact';
import { browser } from 'wxt/browser';
import { contextAlive } from '../../lib/extension-context';
import { ask, type PanelView } from '../../lib/messaging/ask';
import { CONTROLS, PANEL_HOST_ID } from '../../lib/page-reader/dom';
import type { PageReading } from '../../lib/page-reader/read-page';
import { choosePlacement, type Rect } from '../../lib/panel/placement';
import { panelSlot } from '../../lib/panel/handle';
import { mark } from '../../lib/panel/marks';
import type { PageBackend } from '../shared/backend';
import { Panel } from './panel';
import css from './panel.css?inline';

const TICK_MS = 700;

/** What the panel must never cover: the top card's controls and the whole invitation dialog. */
function obstacles(reading: PageReading): Rect[] {
  return [reading.dialog?.element, ...(reading.card?.element.querySelectorAll(CONTROLS) ?? [])]
    .flatMap((el) => (el ? [el.getBoundingClientRect()] : []))
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
  /** The action shown, kept after its outcome (it leaves the ready list) until the person moves on. */
  let shown: { slug: string; action: NonNullable<PanelView['action']> } | null = null;

  const alive = () => contextAlive(runtime);

  function teardown(): void {
    clearInterval(timer);
    if (container) render(null, container);
    host?.remove();
    host = container = null;
    delete slot.__invitationAssistantPanel__;
  }

  function ensureHost(): HTMLElement {
    if (container) return container;
    host = document.createElement('div');
    host.id = PANEL_HOST_ID;
    host.setAttribute('data-corner', 'bottom-left');
    const shadow = host.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = css;
    container = document.createElement('div');
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
    if (view.action) shown = { slug, action: view.action };
    else if (shown?.slug === slug) view = { ...view, action: shown.action };
    else return teardown();
    const target = ensureHost();
    render(
      <Panel
        key={`${shown.action.id}:${slug}`}
        backend={backend}
        slug={slug}
        view={view}
        onState={(state) => host?.setAttribute('data-invitation-state', state)}
        onViewChange={() => void refresh()}
        onRead={place}
      />,
      target,
    );
    mark('shown');
  }

  /** Moves the panel to a corner clear of the page's controls, or folds it to its title bar. */
  function place(reading: PageReading): void {
    if (!host) return;
    const full = host.shadowRoot?.querySelector('.panel')?.scrollHeight ?? 200;
    const spot = choosePlacement({ width: 320, height: full }, { width: innerWidth, height: innerHeight }, obstacles(reading));
    host.setAttribute('data-corner', spot.corner);
    host.toggleAttribute('data-squeezed', spot.collapse);
  }

  // The extension may be reloaded or updated, which leaves this script without a context:
  // then it removes itself quietly.
  const timer = setInterval(() => alive() || teardown(), TICK_MS);

  slot.__invitationAssistantPanel__ = { refresh: () => void refresh() };
  void refresh();
}
