// The network's Sent invitations page (My Network → Manage invitations → Sent): whether the
// document is that page, and its rows. A row is told by its own profile link (/in/<slug>/), never
// by the name it shows: two people can share a name, and the page's text is the page's to write.
import { NETWORK_ORIGIN } from '../../extension/manifest';
import { PROFILE_SLUG_MAX, profileSlug, profileUrl } from '../../network/profile-url';
import { CONTROLS, isDisabled, labelsOf, matchesWord, norm, signsSeen } from './dom';
import { namesSomeoneElse, sameName } from './identity';
import { SENT } from './labels';
import { readSentAge, type SentAge } from './sent-age';
import { isSentAddress, pathOf, SENT_PATH } from './sent-address';

export { isSentAddress };

/**
 * What a row shows, each a sign the reading rests on; the last five are why a row is not sure:
 * no profile link, links to two profiles, no Withdraw inside it, two, or one whose label names
 * someone else than the row.
 */
type RowEvidence =
  | 'profile-link'
  | 'name'
  | 'age'
  | 'withdraw'
  | 'no-profile-link'
  | 'two-profiles'
  | 'no-withdraw'
  | 'two-withdraws'
  | 'withdraw-names-someone-else';

const DOUBTS: RowEvidence[] = ['no-profile-link', 'two-profiles', 'no-withdraw', 'two-withdraws', 'withdraw-names-someone-else'];

export interface SentRow {
  element: Element;
  /** The profile its own name link names, decoded once and lowercased; null when none, or two claim to be its own. */
  slug: string | null;
  /** Every profile its links name: its own, and others it mentions (a mutual connection, by name). */
  slugs: string[];
  /** The name shown, for display only: rows and people are never matched by it. */
  name: string;
  age: SentAge | undefined;
  /** Its own Withdraw control, inside the row; undefined when none or two. */
  withdraw: HTMLElement | undefined;
  evidence: RowEvidence[];
  /** No doubt among its signs: the only kind of row the assistant acts on. */
  sure: boolean;
}

/** What tells the page: its address, the Sent or Received tab shown as current, rows, the empty state, a loader. */
type PageEvidence = 'address' | 'sent-tab' | 'received-tab' | 'rows' | 'empty-message' | 'loading' | 'withdraw-outside-rows';

export interface SentPage {
  /** The address is the Sent invitations page's and the page does not show the Received tab instead. */
  isSentPage: boolean;
  /** `list`: rows shown; `empty`: the page says there are none; `loading`: a loader and no rows; `unknown`: none of these. */
  state: 'list' | 'empty' | 'loading' | 'unknown';
  rows: SentRow[];
  evidence: PageEvidence[];
}

const RECEIVED_PATH = /^\/mynetwork\/invitation-manager(?:\/received)?\/?$/i;
const ITEM = 'li, [role="listitem"]';
const LIST = 'ul, ol, [role="list"]';
/** Chat windows, modals and side columns: never part of the list. */
const ASIDE = '[role="dialog"], [role="alertdialog"], dialog, aside';
/**
 * A row hidden is on its way out: never a row. Only `hidden` counts: the page hides everything
 * behind a modal from assistive technologies (aria-hidden) while the confirmation is open.
 */
export const HIDDEN = '[hidden]';
/** The 2025 layout's Withdraw button, whatever its words. */
const WITHDRAW_VIEW = '[data-view-name="sent-invitations-withdraw-single"]';
/**
 * Where a row's Withdraw may be: a control, or any element that labels itself or has a view name
 * (an `<a>` with neither href nor role is pressed as well): taken by its label and its place.
 */
const WITHDRAW_PLACES = `${CONTROLS}, [aria-label], [data-view-name]`;

/** The row's (or list's) Withdraw controls, outside chat windows and dialogs: the innermost of those that withdraw. */
function withdrawsIn(root: Element): HTMLElement[] {
  const found = [...root.querySelectorAll<HTMLElement>(WITHDRAW_PLACES)].filter((c) => !c.closest(ASIDE) && isWithdrawControl(c));
  return found.filter((c) => !found.some((inner) => inner !== c && c.contains(inner)));
}

/**
 * The profile a link names, as profileSlug reads an address (a relative href is the network's); none
 * when its slug is longer than any profile's (the page's size is the page's to choose, not what we say).
 */
export const slugOfLink = (a: Element): string | null => {
  const path = pathOf(a.getAttribute('href'));
  const slug = path ? profileSlug(`${NETWORK_ORIGIN}${path}`) : null;
  return slug && slug.length <= PROFILE_SLUG_MAX ? slug : null;
};

/** The names a Withdraw label gives ("Withdraw invitation sent to X"), lowercased. */
export const withdrawNames = (el: Element): string[] => labelsOf(el).flatMap((label) => SENT.withdrawTo.map((re) => re.exec(label)?.[1] ?? '').filter(Boolean));

/** Whether a control withdraws: the 2025 layout's view name, the word alone, or a label naming its person. */
export const isWithdrawControl = (el: Element): boolean =>
  el.matches(WITHDRAW_VIEW) || labelsOf(el).some((label) => matchesWord(label, SENT.withdraw)) || withdrawNames(el).length > 0;

/** A tab or link shown as current whose address or words are the Sent tab's (or the Received tab's). */
function currentTab(main: ParentNode, path: RegExp, words: readonly string[]): boolean {
  return [...main.querySelectorAll('a[href], [role="tab"]')].some(
    (el) =>
      (el.getAttribute('aria-current') === 'page' || el.getAttribute('aria-selected') === 'true') &&
      (path.test(pathOf(el.getAttribute('href')) ?? '') || (el.getAttribute('role') === 'tab' && labelsOf(el).some((l) => matchesWord(l, words)))),
  );
}

/** The first words a link shows: the name, before the headline the older layout puts in the same link. */
function firstText(link: Element): string | undefined {
  const walker = link.ownerDocument.createTreeWalker(link, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (text) return text;
  }
  return undefined;
}

/** Whether a link's words can be a person's name (letters), not a picture's nothing or a "·". */
const namesSomeone = (text: string | undefined) => !!text && /\p{L}/u.test(text);

function readRow(element: Element): SentRow {
  const links = [...element.querySelectorAll('a[href]')].flatMap((a) => {
    const slug = slugOfLink(a);
    return slug ? [{ slug, text: firstText(a) }] : [];
  });
  const slugs = [...new Set(links.map((l) => l.slug))];
  // The card's own profile is its name link's (the first that shows words). Another profile linked
  // without a name (a picture, a "·") or showing the row's name makes two; one showing another name
  // (a mutual connection) is only mentioned.
  const nameLink = links.find((l) => l.text);
  const shown = nameLink?.text;
  const own = nameLink?.slug ?? slugs[0];
  const twoOwn = links.some((l) => l.slug !== own && (!namesSomeone(l.text) || sameName(l.text!, shown ?? '')));
  const withdraws = withdrawsIn(element);
  const named = withdraws.flatMap(withdrawNames);
  const name = shown ?? named[0] ?? '';
  const age = readSentAge(element);
  const withdraw = withdraws.length === 1 && !isDisabled(withdraws[0]!) ? withdraws[0] : undefined;
  const evidence = signsSeen([
    ['profile-link', slugs.length > 0],
    ['name', name !== ''],
    ['age', age],
    ['withdraw', withdraws.length > 0],
    ['no-profile-link', slugs.length === 0],
    ['two-profiles', twoOwn],
    ['no-withdraw', withdraws.length === 0 || (withdraws.length === 1 && !withdraw)],
    ['two-withdraws', withdraws.length > 1],
    ['withdraw-names-someone-else', named.some((n) => !name || namesSomeoneElse(name, n))],
  ] as const);
  const sure = !evidence.some((sign) => DOUBTS.includes(sign));
  return { element, slug: own && !twoOwn ? own : null, slugs, name, age, withdraw: sure ? withdraw : undefined, evidence, sure };
}

/**
 * The rows of the invitation list: the items of the lists that hold a Withdraw control (other
 * lists of the page, "People you may know" and the like, are not it), outside chat windows and
 * dialogs, and shown. An item inside another (the 2025 layout's `<li style="display: contents"><div
 * role="listitem">`) is part of it.
 */
function listRows(main: Element): { rows: Element[]; strays: boolean } {
  const inList = (el: Element) => el.closest(LIST) ?? main;
  const controls = withdrawsIn(main);
  const lists = new Set(controls.map(inList));
  const items = [...main.querySelectorAll(ITEM)].filter(
    (item) => !item.closest(ASIDE) && !item.closest(HIDDEN) && lists.has(item.parentElement ? inList(item.parentElement) : main),
  );
  const rows = items.filter((item) => !items.some((outer) => outer !== item && outer.contains(item)));
  return { rows, strays: controls.some((c) => !rows.some((row) => row.contains(c))) };
}

/**
 * The Sent invitations page as the document shows it. `address` is the tab's (the document's own
 * by default): the network is a single-page app, and the page is the Sent page only at its address.
 */
export function readSentPage(doc: Document, address: string = doc.URL): SentPage {
  const main = doc.querySelector('main, [role="main"]') ?? doc.body;
  if (!main) return { isSentPage: false, state: 'unknown', rows: [], evidence: [] };
  const { rows: elements, strays } = listRows(main);
  const rows = elements.map(readRow);
  const sentTab = currentTab(doc, SENT_PATH, SENT.sentTab);
  const receivedTab = currentTab(doc, RECEIVED_PATH, SENT.receivedTab);
  const empty = rows.length === 0 && SENT.empty.test(norm(main.textContent));
  const loading = rows.length === 0 && !!main.querySelector('[role="progressbar"], [aria-busy="true"], .artdeco-loader');
  const evidence = signsSeen([
    ['address', isSentAddress(address)],
    ['sent-tab', sentTab],
    ['received-tab', receivedTab],
    ['rows', rows.length > 0],
    ['empty-message', empty],
    ['loading', loading],
    ['withdraw-outside-rows', strays],
  ] as const);
  const isSentPage = isSentAddress(address) && !receivedTab;
  const state = rows.length > 0 ? 'list' : empty ? 'empty' : loading ? 'loading' : 'unknown';
  return { isSentPage, state: isSentPage ? state : 'unknown', rows: isSentPage ? rows : [], evidence };
}

/** Why no row is chosen: not the Sent page, no row links to the profile, two do, or the one that does is not sure. */
type NoRow = 'not-sent-page' | 'no-row' | 'two-rows' | 'row-not-sure';

export type RowMatch = { row: SentRow; notSure?: undefined } | { row: null; notSure: NoRow; rows: SentRow[] };

/** The slug as profileSlug gives it, whatever form the caller holds (decoded, encoded, any case). */
const normalSlug = (slug: string) => profileSlug(profileUrl(slug)) ?? slug;

/**
 * The one row whose profile links name `slug`, and nothing else: a row found only by its link,
 * sure (one profile, one Withdraw inside it), and no other row claiming that profile.
 */
export function findSentRow(page: SentPage, slug: string): RowMatch {
  if (!page.isSentPage) return { row: null, notSure: 'not-sent-page', rows: [] };
  const wanted = normalSlug(slug);
  const claims = page.rows.filter((row) => row.slugs.includes(wanted));
  const [only] = claims;
  if (!only) return { row: null, notSure: 'no-row', rows: [] };
  if (claims.length > 1) return { row: null, notSure: 'two-rows', rows: claims };
  // A row that only mentions them (a mutual connection) is not theirs.
  if (only.slug !== wanted && only.sure) return { row: null, notSure: 'no-row', rows: [] };
  return only.sure ? { row: only } : { row: null, notSure: 'row-not-sure', rows: claims };
}
