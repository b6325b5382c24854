// The profile's own top card: the only place, with its More menu, where the reader looks for
// Connect. Pages also hold other people's "Invite X to connect" buttons and can hold decoy
// cards: a card counts only when it is this prospect's (slug, custom-invite link and name agree).
import { CONTROLS, isDisabled, labelsOf, matchesWord, norm, signsSeen, startsWithWord } from './dom';
import { invitesSomeoneElse, isInviteLinkFor, sameName, type Prospect } from './identity';
import { LABELS, PATTERNS } from './labels';

/**
 * What the prospect's own card shows, each a sign a state rests on. A card whose signs disagree
 * (connected and invitable, pending and connected…) is read `unknown`, and the panel names them.
 */
type Evidence =
  | 'own-profile'
  | 'first-degree'
  | 'far-degree'
  | 'connect'
  | 'connect-in-more'
  | 'pending'
  | 'withdraw'
  | 'remove-connection'
  | 'follow'
  | 'message';

type CardState = 'connect' | 'connect-in-more' | 'pending' | 'connected' | 'follow-only' | 'own-profile' | 'unknown';

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
  /** The open More menu (a page report saves it with the card). */
  menu?: Element | undefined;
  /** The signs seen, in this order: what the state rests on. */
  evidence: Evidence[];
  /** The signs disagree: the state is `unknown` and the panel says what it saw. */
  conflict: boolean;
}

const HEADING = 'h1, h2';
const MENU = '[role="menu"], .artdeco-dropdown__content';

/**
 * Whether a card is this prospect's: no custom-invite link naming someone else, the name agrees
 * when the service gives one, and something names the profile (its slug in a link, or the name).
 */
function isProspects(card: Element, { slug, name }: Prospect): boolean {
  if (invitesSomeoneElse(card, slug)) return false;
  const links = [...card.querySelectorAll('a[href]')];
  const shown = card.querySelector(HEADING)?.textContent ?? '';
  if (name) return sameName(name, shown);
  const path = `/in/${encodeURIComponent(slug)}/`.toLowerCase();
  return links.some(
    (a) => isInviteLinkFor(a, slug) || `${a.getAttribute('href')}/`.toLowerCase().endsWith(path) || `${a.getAttribute('href')}`.toLowerCase().endsWith(path),
  );
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

/**
 * The first card of the main region (a section with a heading and profile actions) that is this
 * prospect's; null when there is no card, and `false` when cards are shown but none can be told
 * to be this prospect's.
 */
function findTopCard(doc: Document, prospect: Prospect): Element | null | false {
  const main = doc.querySelector('main, [role="main"]') ?? doc.body;
  if (!main) return null;
  let seen = false;
  for (const section of main.querySelectorAll('section')) {
    if (section.querySelector(HEADING) && looksLikeActions(section)) {
      if (isProspects(section, prospect)) return section;
      seen = true;
    }
  }
  if (seen) return false;
  // Layouts without sections: climb from the first heading to the block holding its actions.
  let el: Element | null = main.querySelector('h1');
  for (let i = 0; el && i < 8; i++, el = el.parentElement) if (looksLikeActions(el)) return isProspects(el, prospect) && el;
  return null;
}

/** Whether `label` holds `word` (one or more words) as whole words: "connection" does not hold "connect". */
const hasWords = (label: string, word: string) => ` ${label.replace(/[^\p{L}\p{N}]+/gu, ' ')} `.includes(` ${word} `);

/**
 * "Invite Jane Doe to connect", "Jane Doe zum Vernetzen einladen": names this person and invites.
 * "Remove your connection to Jane Doe" names them too, and is no invite.
 */
function invitesThisPerson(label: string, name: string): boolean {
  return name !== '' && label.includes(name) && [...LABELS.invitePrefix, ...LABELS.connect].some((w) => hasWords(label, w));
}

/** The open menu that belongs to the card's More button, if any. */
function openMenu(doc: Document, card: Element, more: HTMLElement | undefined, slug: string): Element | undefined {
  if (more?.getAttribute('aria-expanded') !== 'true') return undefined;
  const controlled = more.getAttribute('aria-controls');
  if (controlled) {
    const menu = doc.getElementById(controlled);
    if (menu) return menu;
  }
  const inCard = card.querySelector(MENU);
  if (inCard) return inCard;
  const menus = [...doc.querySelectorAll('[role="menu"]')];
  // A portal menu is ours when it names this profile, or when it is the only one open.
  return (
    menus.find((m) => [...m.querySelectorAll('a[href]')].some((a) => isInviteLinkFor(a, slug) || a.getAttribute('href')?.includes(`/in/${slug}`))) ??
    (menus.length === 1 ? menus[0] : undefined)
  );
}

/** Degrees the card's badges show, each its own element ("· 1st", "· 2e", "· 3.", "• 3rd+"): 1, 2 or 3. */
export const DEGREE_BADGE = /^[·•] ?([123])(st|nd|rd|er|re|e|º|°|\.)?\+?$/;
const degrees = (card: Element) => new Set([...card.querySelectorAll('p, span')].map((el) => DEGREE_BADGE.exec(norm(el.textContent))?.[1]));

/** The prospect's top card as the page shows it; `false` when the card shown is not clearly theirs. */
export function readTopCard(doc: Document, prospect: Prospect): TopCard | null | false {
  const { slug } = prospect;
  const element = findTopCard(doc, prospect);
  if (!element) return element;
  const name = norm(element.querySelector(HEADING)?.textContent);
  const all = [...element.querySelectorAll<HTMLElement>(CONTROLS)];
  const controls = all.filter((c) => !c.closest(MENU));
  const find = (test: (label: string, el: HTMLElement) => boolean, among = controls) => among.find((c) => labelsOf(c).some((l) => test(l, c)));
  const invites = (label: string, el: HTMLElement) => matchesWord(label, LABELS.connect) || invitesThisPerson(label, name) || isInviteLinkFor(el, slug);

  const own = find((label, el) => matchesWord(label, LABELS.ownProfile) || /\/in\/[^/]+\/edit\//.test(el.getAttribute('href') ?? ''));
  const pending = find((label) => startsWithWord(label, LABELS.pending));
  // Some languages put the verb last ("Kate Kallot folgen"); the visible text is then the word alone.
  const connect = find(invites);
  const follow = find((label) => startsWithWord(label, LABELS.follow) && !startsWithWord(label, LABELS.following));
  const message = find((label, el) => matchesWord(label, LABELS.message) || (el.getAttribute('href') ?? '').includes('/messaging/compose'));
  const more =
    find((label, el) => (el.hasAttribute('aria-expanded') || el.hasAttribute('aria-haspopup')) && matchesWord(label, LABELS.more)) ??
    find((_, el) => el.tagName === 'BUTTON' && el.hasAttribute('aria-expanded'));
  const menu = openMenu(doc, element, more, slug);
  const items = menu ? [...menu.querySelectorAll<HTMLElement>(CONTROLS)] : [];
  const menuConnect = items.find((c) => isInviteLinkFor(c, slug)) ?? find((l) => matchesWord(l, LABELS.connect) || invitesThisPerson(l, name), items);
  // The older layout keeps its dropdown in the card, closed: an invite in it is Connect in More.
  const closedInvite =
    !menu &&
    find(
      invites,
      all.filter((c) => c.closest(MENU)),
    );
  const degree = degrees(element);
  const far = degree.has('2') || degree.has('3');
  // The older layout keeps its dropdown's items in the card, closed: they count as the open menu's.
  const anywhere = [...all, ...items];
  const removeItem = find((l) => PATTERNS.removeConnection.test(l), anywhere);
  const withdraw = find((l) => PATTERNS.withdraw.test(l), anywhere);
  // Connected only on positive evidence: a primary Message is shown to strangers too.
  const firstDegree = degree.has('1') || !!removeItem;
  // The saved pages' cards hold two degree badges ("· 1st" beside "· 2nd", whichever the site
  // displays): those leave the controls to decide. A 1st-degree badge alone, or a Remove-connection
  // item, beside an invite or a pending invitation is a card that contradicts itself.
  const surelyFirst = (degree.has('1') && !far) || !!removeItem;
  const invite = !!(connect || menuConnect || closedInvite);
  const evidence = signsSeen([
    ['own-profile', own],
    ['first-degree', degree.has('1')],
    ['far-degree', far],
    ['connect', connect],
    ['connect-in-more', menuConnect || closedInvite],
    ['pending', pending],
    ['withdraw', withdraw],
    ['remove-connection', removeItem],
    ['follow', follow],
    ['message', message],
  ] as const);
  const conflict = !own && ((!!(pending || withdraw) && (surelyFirst || invite)) || (surelyFirst && invite));

  let state: CardState = 'unknown';
  if (own) state = 'own-profile';
  // Connected and invitable, or pending and connected, at once: the assistant does nothing.
  else if (conflict) state = 'unknown';
  else if (pending || withdraw) state = 'pending';
  else if (connect && !isDisabled(connect)) state = 'connect';
  else if (menuConnect || closedInvite) state = 'connect-in-more';
  else if (removeItem) state = 'connected';
  else if (follow) state = more && !menu ? 'connect-in-more' : 'follow-only';
  else if (message && firstDegree) state = 'connected';
  // An open More menu without Connect (out of network, InMail only): there is no way to invite.
  else if (more && menu && (message || far)) state = 'follow-only';
  else if (more && far) state = 'connect-in-more';

  return { element, name, state, connect, more, moreOpen: !!menu, menuConnect, menu, evidence, conflict };
}
