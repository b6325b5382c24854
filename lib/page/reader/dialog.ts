// The invitation dialog, wherever the page renders it (document or #interop-outlet's shadow root).
import { CONTROLS, isDisabled, labelsOf, matchesWord, norm, queryAllDeep } from './dom';
import { invitesSomeoneElse, namesSomeoneElse, type Prospect } from './identity';
import { LABELS, PATTERNS } from './labels';

type DialogStep = 'add-note' | 'note' | 'email-required' | 'note-quota-reached' | 'weekly-limit' | 'unknown';

export interface InvitationDialog {
  element: Element;
  step: DialogStep;
  addNote?: HTMLElement | undefined;
  sendWithoutNote?: HTMLElement | undefined;
  textarea?: HTMLTextAreaElement | undefined;
  /** The page's own limit for the note (200 or 300), from maxlength or its counter. */
  noteLimit?: number | undefined;
  send?: HTMLElement | undefined;
  sendEnabled: boolean;
  /** "N personalised invitations remaining", when the page says it. */
  remainingNotes?: number | undefined;
}

export const DIALOGS = '[role="dialog"], [role="alertdialog"], dialog[open]';

function readDialog(element: Element): InvitationDialog {
  const text = element.textContent ?? '';
  const controls = [...element.querySelectorAll<HTMLElement>(CONTROLS)];
  const find = (test: (label: string) => boolean) => controls.find((c) => labelsOf(c).some(test));
  const sendWithoutNote = find((l) => matchesWord(l, LABELS.sendWithoutNote));
  const addNote = find((l) => matchesWord(l, LABELS.addNote));
  const send = controls.find((c) => c !== sendWithoutNote && (labelsOf(c).some((l) => matchesWord(l, LABELS.send)) || c.getAttribute('type') === 'submit'));
  const textarea = element.querySelector('textarea') ?? undefined;
  const counter = PATTERNS.counter.exec(text);
  const maxLength = textarea && textarea.maxLength > 0 ? textarea.maxLength : undefined;
  const remainingMatch = PATTERNS.remaining.exec(text);
  const remainingNotes = remainingMatch ? Number(remainingMatch[1]) : undefined;
  // The note quota shows as a Premium upsell: its link says so in every language.
  const upsell = !!element.querySelector('a[href*="/premium/"]');

  let step: DialogStep = 'unknown';
  if (PATTERNS.weeklyLimit.test(text)) step = 'weekly-limit';
  else if (element.querySelector('input[type="email"], input[name*="email" i]')) step = 'email-required';
  else if (remainingNotes === 0 || (!textarea && upsell)) step = 'note-quota-reached';
  else if (textarea) step = 'note';
  else if (addNote || sendWithoutNote) step = 'add-note';

  return {
    element,
    step,
    addNote,
    sendWithoutNote,
    textarea,
    noteLimit: maxLength ?? (counter && textarea ? Number(counter[2]) : undefined),
    send,
    sendEnabled: !!send && !isDisabled(send),
    remainingNotes,
  };
}

const STOP_STEPS: DialogStep[] = ['email-required', 'weekly-limit', 'note-quota-reached'];

/** The dialog step that stops an invitation (the page asks for an email, or a limit is reached). */
export const dialogStop = (dialog: InvitationDialog) =>
  STOP_STEPS.includes(dialog.step) ? (dialog.step as 'email-required' | 'weekly-limit' | 'note-quota-reached') : undefined;

export const ALERTS = '[role="alert"], [role="status"], .artdeco-toast-item';

/**
 * Where a dialog's label or title names its person, in the four languages: "Invite X to connect",
 * "Add a note to your invitation to X", "X zum Vernetzen einladen"… No period or comma ends a
 * name ("Dr. Jane Doe, MBA"); what follows the name is kept, as names compare word by word.
 */
const NAMED = [
  /\binvite (.+?)(?: to connect|[:?!]|$)/,
  /\binvitation to (.+?)(?:[:?!]|$)/,
  /\binviter (.+?)(?: à |[:?!]|$)/,
  /\binvitation à (.+?)(?:[:?!]|$)/,
  /(?:^|[:?!] )(.+?) zum vernetzen einladen/,
  /\beinladung an (.+?)(?: hinzufügen|[:?!]|$)/,
  /\binvitar a (.+?)(?: a conectar|[:?!]|$)/,
  /\binvitación (?:a|para) (.+?)(?:[:?!]|$)/,
];

/** What comes just before the invitee's emphasised name in the 2026 dialog's body, in the four languages. */
const LEAD = /(?:\binvitation to|\binvitation à|\beinladung an|\binvitación (?:a|para)|\binvite|\binviter|\binvitar a)$/;

/**
 * The names the dialog's body emphasises right after "your invitation to" ("Personalize your
 * invitation to <strong>Name</strong> by adding a note…"): the 2026 layout names its invitee
 * only there.
 */
function bodyNames(dialog: Element): string[] {
  return [...dialog.querySelectorAll('strong, b, em')].flatMap((el) => {
    const shown = norm(el.textContent);
    const before = norm(el.parentElement?.textContent).split(shown)[0] ?? '';
    return shown && !el.closest(CONTROLS) && LEAD.test(before.trim()) ? [shown] : [];
  });
}

/**
 * The dialog's label, the text it is labelled by, its headings and (with `body`) its paragraphs:
 * where it says whom it is for.
 */
export function titlesOf(dialog: Element, body = true): string[] {
  const root = dialog.getRootNode() as Document | ShadowRoot;
  const ids = (dialog.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean);
  return [
    dialog.getAttribute('aria-label'),
    ...ids.map((id) => root.getElementById(id)?.textContent),
    ...[...dialog.querySelectorAll(`h1, h2, h3, [role="heading"]${body ? ', p' : ''}`)].map((h) => h.textContent),
  ].map(norm);
}

/** The names a dialog gives its invitee (label, title, headings, the body's emphasised name): what a page report replaces. */
export const dialogNames = (dialog: Element): string[] => [
  ...bodyNames(dialog),
  ...titlesOf(dialog, false).flatMap((title) => NAMED.map((re) => re.exec(title)?.[1] ?? '')),
];

/**
 * Whether a dialog may be this prospect's: no custom-invite link in it names another profile,
 * and no label or title names another person than `name` (when a name is known).
 */
function isFor(dialog: Element, { slug, name }: Prospect): boolean {
  if (invitesSomeoneElse(dialog, slug)) return false;
  if (!name) return true;
  if (bodyNames(dialog).some((shown) => namesSomeoneElse(name, shown))) return false;
  return !titlesOf(dialog).some((title) => NAMED.some((re) => namesSomeoneElse(name, re.exec(title)?.[1] ?? '')));
}

export interface Overlays {
  /** The topmost open invitation dialog, not one of `foreign`. */
  dialog: InvitationDialog | null;
  /** Every open dialog (chat windows too): what the panel must not cover. */
  dialogs: Element[];
  /** An alert or toast outside dialogs says the weekly limit is reached. */
  weeklyLimit: boolean;
  /** An "invitation sent" toast that names nobody but the prospect (the network's confirmation for them). */
  sent: boolean;
  /** An invitation dialog for another person is open (not one of `foreign`): never filled. */
  otherDialog: boolean;
  /** That dialog, for a page report. */
  other?: Element | undefined;
}

/**
 * Whether a dialog can be the invitation dialog: a modal one (the page's modal outlet, or the
 * interop shadow root), never a chat window (also role="dialog", with a rich-text composer).
 */
export const isModal = (el: Element) =>
  !el.querySelector('[contenteditable]') &&
  (el.getAttribute('aria-modal') === 'true' || el.getRootNode() !== el.ownerDocument || !!el.closest('[class*="modal"]'));

/**
 * Dialogs, alerts and toasts, in the document and its open shadow roots, found in one walk. With
 * `who`, the invitation dialog is one of theirs, and not one of the dialogs in `who.foreign`.
 */
export function readOverlays(doc: Document, who?: Prospect & { foreign?: Set<Element> | undefined }): Overlays {
  let dialog: InvitationDialog | null = null;
  let other: Element | undefined;
  let alerts = '';
  const dialogs: Element[] = [];
  for (const el of queryAllDeep(doc, `${ALERTS}, ${DIALOGS}`)) {
    // One alert a line: no pattern spans a line break.
    if (el.matches(ALERTS)) alerts += `${el.textContent}\n`;
    // The last open one is on top; a hidden one is closing.
    else if (!el.closest('[aria-hidden="true"], [hidden]')) {
      dialogs.push(el);
      if (!isModal(el) || who?.foreign?.has(el)) continue;
      const reading = readDialog(el);
      if (reading.step === 'unknown' && !reading.send) continue;
      if (who && !isFor(el, who)) other = el;
      else dialog = reading;
    }
  }
  const name = who?.name;
  const forThem = (line: string) => !name || !namesSomeoneElse(name, PATTERNS.sentToastNamed.exec(norm(line))?.slice(1).find(Boolean) ?? '');
  const sent = alerts.split('\n').some((line) => PATTERNS.sentToast.test(line) && forThem(line));
  return { dialog, dialogs, weeklyLimit: PATTERNS.weeklyLimit.test(alerts), sent, otherDialog: !!other, other };
}
