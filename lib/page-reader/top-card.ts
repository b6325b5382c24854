// The profile's own top card: the only place, with its More menu, where the reader looks for
// Connect. Pages also hold other people's "Invite X to connect" buttons; they never count.
import { CONTROLS, isDisabled, labelsOf, matchesWord, norm, startsWithWord } from './dom';
import { LABELS } from './labels';

export type CardState = 'connect' | 'connect-in-more' | 'pending' | 'connected' | 'follow-only' | 'own-profile' | 'unknown';

export interface TopCard {
  element: Element;
  name: string;
  state: CardState;
  /** Connect on the card itself (a button, or the custom-invite link). */
  connect?: HTMLElement | undefined;
  more?: HTMLElement | undefined;
  moreOpen: boolean;
  /** Connect inside the open More menu. */
  menuConnect?: HTMLElement | undefined;
}

const HEADING = 'h1, h2';
const MENU = '[role="menu"], .artdeco-dropdown__content';

/** A custom-invite link names its profile with vanityName; it counts only for this profile. */
export function isInviteLinkFor(el: Element, slug: string): boolean {
  const href = el.getAttribute('href');
  if (!href || !href.includes('/preload/custom-invite')) return false;
  try {
    const vanity = new URL(href, 'https://www.linkedin.com').searchParams.get('vanityName');
    return vanity !== null && norm(decodeURIComponent(vanity)) === slug;
  } catch {
    return false;
  }
}

function looksLikeActions(el: Element): boolean {
  return [...el.querySelectorAll(CONTROLS)].some(
    (c) =>
      c.hasAttribute('aria-expanded') ||
      (c.getAttribute('href') ?? '').includes('/messaging/compose') ||
      labelsOf(c).some(
        (label) =>
          startsWithWord(label, LABELS.follow) ||
          startsWithWord(label, LABELS.pending) ||
          matchesWord(label, LABELS.connect) ||
          matchesWord(label, LABELS.message),
      ),
  );
}

/** The first section of the main region with a heading and profile actions. */
export function findTopCard(doc: Document): Element | null {
  const main = doc.querySelector('main, [role="main"]') ?? doc.body;
  if (!main) return null;
  for (const section of main.querySelectorAll('section')) {
    if (section.querySelector(HEADING) && looksLikeActions(section)) return section;
  }
  // Layouts without sections: climb from the first heading to the block holding its actions.
  let el: Element | null = main.querySelector('h1');
  for (let i = 0; el && i < 8; i++, el = el.parentElement) if (looksLikeActions(el)) return el;
  return null;
}

/** "Invite Jane Doe to connect", "Jane Doe zum Vernetzen einladen": names this person and invites. */
function invitesThisPerson(label: string, name: string): boolean {
  return name !== '' && label.includes(name) && [...LABELS.invitePrefix, ...LABELS.connect].some((w) => label.includes(w));
}

/** The open menu that belongs to the card's More button, if any. */
function openMenu(doc: Document, card: Element, more: HTMLElement | undefined, slug: string): Element | undefined {
  if (!more || more.getAttribute('aria-expanded') !== 'true') return undefined;
  const controlled = more.getAttribute('aria-controls');
  if (controlled) {
    const menu = doc.getElementById(controlled);
    if (menu) return menu;
  }
  const inCard = card.querySelector(MENU);
  if (inCard) return inCard;
  const menus = [...doc.querySelectorAll('[role="menu"]')];
  // A portal menu is ours when it names this profile, or when it is the only one open.
  return menus.find((m) => [...m.querySelectorAll('a[href]')].some((a) => isInviteLinkFor(a, slug) || a.getAttribute('href')?.includes(`/in/${slug}`))) ?? (menus.length === 1 ? menus[0] : undefined);
}

export function readTopCard(doc: Document, slug: string): TopCard | null {
  const element = findTopCard(doc);
  if (!element) return null;
  const name = norm(element.querySelector(HEADING)?.textContent);
  const controls = [...element.querySelectorAll<HTMLElement>(CONTROLS)].filter((c) => !c.closest(MENU));
  const find = (test: (label: string, el: HTMLElement) => boolean) => controls.find((c) => labelsOf(c).some((l) => test(l, c)));

  const own = find((label, el) => matchesWord(label, LABELS.ownProfile) || /\/in\/[^/]+\/edit\//.test(el.getAttribute('href') ?? ''));
  const pending = find((label) => startsWithWord(label, LABELS.pending));
  // Some languages put the verb last ("Kate Kallot folgen"); the visible text is then the word alone.
  const connect = find((label, el) => matchesWord(label, LABELS.connect) || invitesThisPerson(label, name) || isInviteLinkFor(el, slug));
  const follow = find((label) => startsWithWord(label, LABELS.follow) && !startsWithWord(label, LABELS.following));
  const message = find((label, el) => matchesWord(label, LABELS.message) || (el.getAttribute('href') ?? '').includes('/messaging/compose'));
  const more =
    find((label, el) => (el.hasAttribute('aria-expanded') || el.hasAttribute('aria-haspopup')) && matchesWord(label, LABELS.more)) ??
    find((_, el) => el.tagName === 'BUTTON' && el.hasAttribute('aria-expanded'));
  const menu = openMenu(doc, element, more, slug);
  const menuConnect = menu
    ? ([...menu.querySelectorAll<HTMLElement>(CONTROLS)].find((c) => isInviteLinkFor(c, slug)) ??
      [...menu.querySelectorAll<HTMLElement>(CONTROLS)].find((c) =>
        labelsOf(c).some((l) => matchesWord(l, LABELS.connect) || invitesThisPerson(l, name)),
      ))
    : undefined;

  let state: CardState = 'unknown';
  if (own) state = 'own-profile';
  else if (pending) state = 'pending';
  else if (connect && !isDisabled(connect)) state = 'connect';
  else if (menuConnect) state = 'connect-in-more';
  else if (menu) state = follow ? 'follow-only' : message ? 'connected' : 'unknown';
  else if (follow) state = more ? 'connect-in-more' : 'follow-only';
  else if (message) state = 'connected';

  return { element, name, state, connect, more, moreOpen: !!menu, menuConnect };
}
