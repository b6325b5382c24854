// "This page was read wrong": a scrubbed copy of what the reader looked at (the prospect's top
// card, its open More menu and the invitation dialog), that loads back as a test fixture and
// reads the same. Structure, roles, aria attributes and the words of the network's known control
// labels stay; names become placeholders (the same word always the same placeholder, so the reader
// compares them as it did), other text (an employer's or a school's chip, whatever it holds), URLs
// but their path shape, and images are replaced. Built in the page, saved by the person from the
// report page: never sent anywhere.
import { dialogNames, readOverlays } from '../reader/dialog';
import { CONTROLS, norm } from '../reader/dom';
import { LABELS, PATTERNS } from '../reader/labels';
import { readPage } from '../reader/read-page';
import type { InvitationState } from '../../network/profile-states';
import { DEGREE_BADGE } from '../reader/top-card';

export interface PageReport {
  /** The scrubbed page: a fixture of test/fixtures/pages/ once its expected state is set. */
  html: string;
  /** What the reader read on the page itself. */
  state: InvitationState;
}

/** Where the page-report script leaves its copy, in the extension's isolated world of the tab. */
export const REPORT_SLOT = '__invitationAssistantReport__';

/** The profile slug and name a report names its prospect with. */
export const REPORT_SLUG = 'profile-1';

/** Path segments of the network's routes that the reader looks at: every other segment becomes "x". */
const ROUTES = new Set(
  'in|messaging|compose|thread|preload|custom-invite|premium|products|edit|intro|forms|overlay|feed|company|school|search|results|people|mynetwork|report-in-modal|detail|recent-activity|notifications|invite-connect'.split(
    '|',
  ),
);
/** Attributes kept as they are (structure); aria-* are kept too, their words scrubbed. */
const KEEP = new Set(['id', 'class', 'role', 'type', 'disabled', 'hidden', 'tabindex', 'open', 'maxlength', 'name', 'lang', 'dir', 'for']);
/** aria attributes that hold words (the others hold ids, booleans and tokens). */
const WORDY = new Set(['aria-label', 'aria-description', 'aria-valuetext', 'aria-roledescription', 'aria-placeholder']);
const DROP = 'script, style, noscript, template, iframe, link, meta, object, embed, video, audio, canvas, source, image';
/** Short words of names ("de", "van") are also the page's own words: they stay. */
const PARTICLES = new Set('a|à|an|and|da|de|del|der|di|du|e|el|en|et|la|las|le|les|los|of|to|van|von|y|zu'.split('|'));
const WORD = /[\p{L}\p{N}]+/gu;

const fold = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The network's own control labels besides those the reader matches (lib/page/reader/labels.ts), in
 * its four languages: the card's and More menu's other controls, and the words around a name in a
 * control's label ("Invite <name> to connect", "Pending, click to withdraw invitation sent to <name>").
 */
const OTHER_CONTROLS = [
  'invite to connect|inviter à rejoindre votre réseau|zum vernetzen einladen|invitar a a conectar',
  'pending click to withdraw invitation sent to|en attente cliquez pour retirer l’invitation envoyée à|ausstehend klicken um die einladung an zurückzuziehen|pendiente haz clic para retirar la invitación enviada a',
  'remove your connection to|retirer votre relation avec|kontakt zu entfernen|eliminar tu contacto con|unfollow|ne plus suivre|nicht mehr folgen|dejar de seguir a',
  'save to pdf|enregistrer au format pdf|als pdf speichern|guardar como pdf|report block|signaler bloquer|melden blockieren|denunciar bloquear',
  'send profile in a message|envoyer le profil dans un message|profil per nachricht senden|enviar perfil en un mensaje|dismiss|fermer|schließen|cerrar|close',
  'withdraw invitation|retirer l’invitation|annuler l’invitation|einladung zurückziehen|retirar invitación|remove connection|retirer la relation|kontakt entfernen|eliminar contacto',
];

/** Every word of a known control label, folded: a control's words are kept only when all are among them. */
const CONTROL_WORDS = new Set(
  [...Object.values(LABELS).flat(), ...OTHER_CONTROLS].flatMap((phrase) => phrase.split('|')).flatMap((label) => (label.match(WORD) ?? []).map(fold)),
);

/** Whether a word is one of a known control label's (any case, accents aside). */
export const isControlWord = (word: string): boolean => CONTROL_WORDS.has(fold(word));

/** How much of a text stays: all its words (the invitation dialog, evidence), a control's known words, or only names as placeholders. */
type Keep = 'all' | 'control' | 'names';

/**
 * Text of the card the reader rests on besides controls: degree badges, limits, toasts. Not a
 * counter: the reader reads one only in the invitation dialog (whose words are kept), and a card's
 * "24/7" or "1/2025" is someone's headline, scrubbed as any other text.
 */
const EVIDENCE = [PATTERNS.weeklyLimit, PATTERNS.remaining, PATTERNS.sentToast];
const isEvidence = (text: string) => DEGREE_BADGE.test(norm(text)) || EVIDENCE.some((re) => re.test(text));
/** A toast that names its invitee, case aside, as the reader finds it (dialog.ts: from its start to the line's end). */
const SENT_NAMED = new RegExp(PATTERNS.sentToastNamed.source, 'i');
/** The words a toast is told by, in the four languages ("invitation", "sent", "to", "wurde"…). */
const TOAST_WORDS = new Set([PATTERNS.sentToast, PATTERNS.sentToastNamed].flatMap((re) => re.source.match(WORD) ?? []).map(fold));

class Scrubber {
  words = new Map<string, string>();
  slugs = new Map<string, string>();

  constructor(prospectSlug: string) {
    this.slugs.set(prospectSlug.toLowerCase(), REPORT_SLUG);
  }

  addName(name: string | null | undefined): void {
    for (const word of name?.match(WORD) ?? []) {
      const key = fold(word);
      if (!PARTICLES.has(key) && !this.words.has(key)) this.words.set(key, `X${this.words.size + 1}`);
    }
  }

  /**
   * Names replaced by their placeholders; 'control' keeps the rest only when every other word is one
   * of the network's known control labels' (else, as 'names', every other word is dropped).
   */
  text(value: string, keep: Keep): string {
    const words = value.match(WORD) ?? [];
    if (keep === 'all' || (keep === 'control' && words.every((w) => this.words.has(fold(w)) || CONTROL_WORDS.has(fold(w)))))
      return value.replace(WORD, (w) => this.words.get(fold(w)) ?? w);
    const names = words.flatMap((w) => this.words.get(fold(w)) ?? []);
    return names.length ? names.join(' ') : value.trim() ? 'text' : value;
  }

  /**
   * Only the evidence stays of a card's text that holds some: the matched words ("100 personalized",
   * "Invitation sent") and, around them, only names as placeholders. A headline that merely holds the
   * words ("Head of Sales at Acme, Lyon · Invitation sent") keeps no employer, city or headline.
   */
  evidence(value: string): string {
    // Anchored: the whole text is the badge ("· 1st").
    if (DEGREE_BADGE.test(norm(value))) return value;
    const found = EVIDENCE.flatMap((re) => {
      const m = re.exec(value);
      if (!m) return [];
      if (re !== PATTERNS.sentToast) return [{ start: m.index, end: m.index + m[0].length, toast: false }];
      // The reader compares whom a toast names (from its "invitation to" to the line's end) with the prospect.
      const named = SENT_NAMED.exec(value);
      return [named ? { start: Math.min(m.index, named.index), end: value.length, toast: true } : { start: m.index, end: m.index + m[0].length, toast: true }];
    }).sort((a, b) => a.start - b.start);
    const parts: string[] = [];
    let at = 0;
    const names = (text: string) => {
      const kept = this.text(text, 'names');
      if (kept !== 'text' && kept.trim()) parts.push(kept.trim());
    };
    for (const { start, end, toast } of found) {
      if (start < at) continue;
      names(value.slice(at, start));
      parts.push(toast ? this.toast(value.slice(start, end)) : value.slice(start, end));
      at = end;
    }
    names(value.slice(at));
    return parts.join(' ');
  }

  /**
   * A toast word by word: its own words stay, names become placeholders and any other word "text",
   * one for one, so that whom it names compares with the prospect as before ("Invitation sent to X1
   * X2 text text": someone else's toast stays someone else's).
   */
  private toast(value: string): string {
    return (value.match(WORD) ?? []).map((w) => this.words.get(fold(w)) ?? (TOAST_WORDS.has(fold(w)) ? w : 'text')).join(' ');
  }

  slug(value: string): string {
    const key = value.toLowerCase();
    if (!this.slugs.has(key)) this.slugs.set(key, `profile-${this.slugs.size + 1}`);
    return this.slugs.get(key)!;
  }

  url(value: string): string {
    let url: URL;
    try {
      url = new URL(value, 'https://www.linkedin.com');
    } catch {
      return '#';
    }
    const path = url.pathname
      .split('/')
      .map((seg, i, all) => (!seg ? seg : all[i - 1] === 'in' ? this.slug(decodeURIComponent(seg)) : ROUTES.has(seg) ? seg : 'x'))
      .join('/');
    const query = [...url.searchParams].map(([k, v]) => `${encodeURIComponent(k)}=${k === 'vanityName' ? this.slug(v) : 'x'}`).join('&');
    const host = /(^|\.)linkedin\.com$/.test(url.hostname) ? 'https://www.linkedin.com' : 'https://example.invalid';
    return `${/^[a-z]+:/i.test(value) ? host : ''}${path}${query ? `?${query}` : ''}`;
  }

  /** A scrubbed copy of `el`; `wordy` keeps the words of its text (an invitation dialog). */
  element(el: Element, wordy: boolean): Element {
    const copy = el.cloneNode(true) as Element;
    for (const drop of copy.querySelectorAll(DROP)) drop.remove();
    for (const node of [copy, ...copy.querySelectorAll('*')]) {
      // Controls, menus and dialogs keep the known words of their labels; an image's alt is its name.
      const labelled = wordy ? 'all' : node.matches(`${CONTROLS}, [role="dialog"], [role="alertdialog"], dialog, [role="menu"]`) ? 'control' : 'names';
      for (const { name, value } of [...node.attributes]) {
        if (name === 'href') node.setAttribute(name, this.url(value));
        else if (WORDY.has(name)) node.setAttribute(name, this.text(value, labelled));
        else if (!KEEP.has(name) && !name.startsWith('aria-')) node.removeAttribute(name);
      }
      if (node.tagName === 'IMG') node.setAttribute('src', 'data:,');
      if (node.tagName === 'TEXTAREA' || node.tagName === 'INPUT') node.textContent = '';
    }
    const walker = copy.ownerDocument.createTreeWalker(copy, 0x80 | 0x4 /* comments and text */);
    const comments: Node[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeType === 8) comments.push(node);
      else {
        const text = node.nodeValue ?? '';
        node.nodeValue = wordy
          ? this.text(text, 'all')
          : isEvidence(text)
            ? this.evidence(text)
            : this.text(text, this.inControl(node.parentElement) ? 'control' : 'names');
      }
    }
    for (const node of comments) node.parentNode?.removeChild(node);
    return copy;
  }

  /** Words of buttons and menu items may stay; a link's only when it acts (not a link to a profile or a company). */
  inControl(el: Element | null): boolean {
    const control = el?.closest(CONTROLS);
    if (!control) return false;
    if (control.tagName !== 'A' || control.matches('[role="button"], [role="menuitem"]')) return true;
    return /\/(messaging|preload|premium)\//.test(control.getAttribute('href') ?? '');
  }
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * What the reader looked at on this page, scrubbed, as a page that loads back as a fixture
 * (test/fixtures/pages/<folder>/): the prospect is `profile-1`, named by placeholders.
 */
export function reportPage(doc: Document, who: { slug: string; name?: string | null | undefined }, expected?: InvitationState): PageReport {
  const reading = readPage(doc, who);
  const name = who.name || reading.card?.name;
  const overlays = readOverlays(doc, { ...who, name });
  const scrub = new Scrubber(who.slug);
  scrub.addName(who.name);
  scrub.addName(reading.card?.name);
  const dialogs = [overlays.dialog?.element, overlays.other].filter((d): d is Element => !!d);
  for (const d of dialogs) for (const shown of dialogNames(d)) scrub.addName(shown);
  const card = reading.card ? scrub.element(reading.card.element, false).outerHTML : '';
  const menu = reading.card?.menu && !reading.card.element.contains(reading.card.menu) ? scrub.element(reading.card.menu, false).outerHTML : '';
  const shown = dialogs.map((d) => scrub.element(d, true).outerHTML).join('\n');
  const meta = (key: string, value: string | undefined) => (value ? `<meta name="${key}" content="${esc(value)}">\n` : '');
  const html = `<!doctype html>
<html lang="${esc(doc.documentElement.lang.slice(0, 10))}"><head><meta charset="utf-8">
${meta('page-report', '1')}${meta('profile-slug', REPORT_SLUG)}${meta('profile-name', who.name ? scrub.text(who.name, 'names') : undefined)}${meta('read-state', reading.state)}${meta('expected-state', expected ?? reading.state)}<title>Page report</title></head>
<body><main>
${card}
</main>
${menu}
<div class="report-modal-outlet">
${shown}
</div>
</body></html>
`;
  return { html, state: reading.state };
}

/** Sets the state the person says the page shows: the fixture's expectation. */
export const withExpected = (html: string, state: InvitationState): string =>
  html.replace(/<meta name="expected-state" content="[^"]*">/, `<meta name="expected-state" content="${state}">`);
