// Mounts the panel in a shadow root of its own, and removes everything when the profile has
// no invitation or the extension context is gone. The loader content script follows in-page
// navigation and calls the handle's refresh; the background says which profile the tab shows.
import { render } from 'preact';
import { browser } from 'wxt/browser';
import { ask, type PanelView } from '../../lib/messaging/ask';
import { CONTROLS } from '../../lib/page-reader/dom';
import { readPage } from '../../lib/page-reader/read-page';
import { choosePlacement, type Rect } from '../../lib/panel/placement';
import { panelSlot } from '../../lib/panel/handle';
import { mark } from '../../lib/panel/marks';
import type { PageBackend } from '../backend';
import { Panel } from './panel';
import css from './panel.css?inline';

export const HOST_ID = 'invitation-assistant-panel';
const TICK_MS = 700;

/** The page's own controls the panel must never cover: the top card's and the dialog's. */
function obstacles(slug: string): Rect[] {
  const reading = readPage(document, slug);
  return [reading.card?.element, reading.dialog?.element]
    .flatMap((el) => (el ? [...el.querySelectorAll(`${CONTROLS}, textarea, input`)] : []))
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
  let slug: string | null = null;
  /** The action shown, kept after its outcome (it leaves the ready list) until the person moves on. */
  let shown: { slug: string; action: NonNullable<PanelView['action']> } | null = null;

  const alive = () => {
    try {
      return !!runtime?.id;
    } catch {
      return false;
    }
  };

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
    host.id = HOST_ID;
    host.setAttribute('data-invitation-state', 'unknown');
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
      if (!alive()) teardown();
      return;
    }
    slug = view.slug;
    if (!slug) return teardown();
    if (view.action) shown = { slug, action: view.action };
    else if (shown?.slug === slug) view = { ...view, action: shown.action };
    else return teardown();
    const target = ensureHost();
    const currentSlug = slug;
    render(
      <Panel
        key={`${shown.action.id}:${currentSlug}`}
        backend={backend}
        slug={currentSlug}
        view={view}
        onState={(state) => host?.setAttribute('data-invitation-state', state)}
        onViewChange={() => void refresh()}
      />,
      target,
    );
    mark('shown');
  }

  // The extension may be reloaded or updated, which leaves this script without a context:
  // then it removes itself quietly.
  const timer = setInterval(() => {
    if (!alive()) return teardown();
    if (host && slug) {
      const full = host.shadowRoot?.querySelector('.panel')?.scrollHeight ?? 200;
      const place = choosePlacement({ width: 320, height: full }, { width: innerWidth, height: innerHeight }, obstacles(slug));
      host.setAttribute('data-corner', place.corner);
      host.toggleAttribute('data-squeezed', place.collapse);
    }
  }, TICK_MS);

  slot.__invitationAssistantPanel__ = { refresh: () => void refresh() };
  void refresh();
}
