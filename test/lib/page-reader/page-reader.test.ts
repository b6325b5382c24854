// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { PANEL_HOST_ID } from '../../../lib/page-reader/dom';
import { readPage } from '../../../lib/page-reader/read-page';
import { dialogHtml, profilePage, type CardKind, type FixtureOptions, type Lang } from '../../fixtures/profile-page';

const SLUG = 'jane-doe-42';
const NAME = 'Jane Doe';

function parse(options: Partial<FixtureOptions> & { card: CardKind }): Document {
  return new DOMParser().parseFromString(profilePage({ slug: SLUG, name: NAME, ...options }), 'text/html');
}

/** Dialogs of the current layout render in #interop-outlet's open shadow root. */
function withShadowDialog(doc: Document, html: string): Document {
  const outlet = doc.getElementById('interop-outlet')!;
  const root = outlet.attachShadow({ mode: 'open' });
  root.innerHTML = html;
  return doc;
}

describe('top card, current layout', () => {
  it.each<[CardKind, boolean, string]>([
    ['connect', false, 'connect'],
    ['connect-in-more', false, 'connect-in-more'],
    ['connect-in-more', true, 'connect-in-more'],
    ['follow-only', true, 'follow-only'],
    ['pending', false, 'pending'],
    ['connected', false, 'connected'],
    ['connected', true, 'connected'],
    ['own-profile', false, 'own-profile'],
  ])('%s with the More menu open=%s reads as %s', (card, moreOpen, state) => {
    expect(readPage(parse({ card, moreOpen }), SLUG).state).toBe(state);
  });

  it("never takes another person's Invite button for this profile's Connect", () => {
    const reading = readPage(parse({ card: 'connected' }), SLUG);
    expect(reading.state).toBe('connected');
    expect(reading.card?.connect).toBeUndefined();
    const doc = parse({ card: 'connect' });
    const connect = readPage(doc, SLUG).card!.connect!;
    expect(connect.getAttribute('href')).toBe(`/preload/custom-invite/?vanityName=${SLUG}`);
  });

  it('takes the Connect item of the open More menu only when it names this profile', () => {
    const doc = parse({ card: 'connect-in-more', moreOpen: true });
    expect(readPage(doc, SLUG).card?.menuConnect?.getAttribute('href')).toContain(`vanityName=${SLUG}`);
    const menuLink = doc.querySelector('[role="menu"] a[href*="custom-invite"]')!;
    menuLink.setAttribute('href', '/preload/custom-invite/?vanityName=someone-else');
    menuLink.textContent = 'Profile';
    expect(readPage(doc, SLUG).state).toBe('follow-only');
  });
});

describe('top card, older layout', () => {
  it.each<[CardKind, boolean, string]>([
    ['connect', false, 'connect'],
    ['connect-in-more', true, 'connect-in-more'],
    ['connect-in-more', false, 'connect-in-more'],
    ['pending', false, 'pending'],
    ['connected', false, 'connected'],
  ])('%s (More open=%s) reads as %s', (card, moreOpen, state) => {
    const reading = readPage(parse({ card, moreOpen, layout: 'older' }), SLUG);
    expect(reading.state).toBe(state);
    if (card === 'connect') expect(reading.card?.connect?.getAttribute('aria-label')).toBe('Invite Jane Doe to connect');
    if (card === 'connect-in-more' && moreOpen) expect(reading.card?.menuConnect?.className).toContain('artdeco-dropdown__item');
  });
});

describe('labels in French, German and Spanish', () => {
  const langs: Lang[] = ['fr', 'de', 'es'];
  for (const lang of langs) {
    it.each<[CardKind, boolean, 'current' | 'older']>([
      ['connect', false, 'current'],
      ['connect', false, 'older'],
      ['connect-in-more', true, 'current'],
      ['connect-in-more', true, 'older'],
      ['pending', false, 'current'],
      ['connected', false, 'current'],
      ['own-profile', false, 'current'],
    ])(`${lang}: %s (More open=%s, %s layout)`, (card, moreOpen, layout) => {
      expect(readPage(parse({ card, moreOpen, layout, lang }), SLUG).state).toBe(card);
    });

    it(`${lang}: reads both dialog steps`, () => {
      const addNote = readPage(parse({ card: 'connect', lang, dialog: 'add-note' }), SLUG).dialog!;
      expect(addNote.step).toBe('add-note');
      expect(addNote.addNote).toBeTruthy();
      expect(addNote.sendWithoutNote).toBeTruthy();
      const note = readPage(parse({ card: 'connect', lang, dialog: 'note-200' }), SLUG).dialog!;
      expect([note.step, note.noteLimit, note.sendEnabled]).toEqual(['note', 200, false]);
      expect(note.send).toBeTruthy();
    });
  }
});

describe('the invitation dialog', () => {
  it('reads the "add a note?" step', () => {
    const d = readPage(parse({ card: 'connect', dialog: 'add-note' }), SLUG).dialog!;
    expect(d.step).toBe('add-note');
    expect(d.addNote?.textContent).toBe('Add a note');
    expect(d.sendWithoutNote?.textContent).toBe('Send without a note');
  });

  it('reads the note step, its limit of 200 or 300, and Send enabled or not', () => {
    const doc = parse({ card: 'connect', dialog: 'note-300' });
    let d = readPage(doc, SLUG).dialog!;
    expect([d.step, d.noteLimit, d.sendEnabled]).toEqual(['note', 300, false]);
    d.textarea!.removeAttribute('maxlength');
    d.send!.removeAttribute('disabled');
    d = readPage(doc, SLUG).dialog!;
    expect([d.noteLimit, d.sendEnabled]).toEqual([300, true]);
  });

  it('reads email required', () => {
    expect(readPage(parse({ card: 'connect', dialog: 'email' }), SLUG).state).toBe('email-required');
  });

  it('reads the personalised-note quota reached, and a remaining count that is not', () => {
    expect(readPage(parse({ card: 'connect', dialog: 'quota' }), SLUG).state).toBe('note-quota-reached');
    const remaining = readPage(parse({ card: 'connect', dialog: 'remaining-3' }), SLUG);
    expect(remaining.state).toBe('connect');
    expect(remaining.dialog?.remainingNotes).toBe(3);
  });

  it('reads the weekly limit, in a dialog or an alert', () => {
    expect(readPage(parse({ card: 'connect', dialog: 'weekly-limit' }), SLUG).state).toBe('weekly-limit');
    const doc = parse({ card: 'connect' });
    doc.getElementById('toasts')!.innerHTML = '<div role="alert">Sie haben das wöchentliche Einladungslimit erreicht</div>';
    expect(readPage(doc, SLUG).state).toBe('weekly-limit');
  });

  it.each(['add-note', 'note-200', 'email', 'quota'] as const)('finds the %s dialog inside #interop-outlet’s shadow root', (kind) => {
    const doc = withShadowDialog(parse({ card: 'connect' }), dialogHtml(kind, 'fr'));
    expect(doc.querySelector('[role="dialog"]')).toBeNull();
    const d = readPage(doc, SLUG).dialog;
    expect(d?.step).toBe({ 'add-note': 'add-note', 'note-200': 'note', email: 'email-required', quota: 'note-quota-reached' }[kind]);
  });

  it('reads the "invitation sent" toast', () => {
    const doc = parse({ card: 'pending' });
    doc.getElementById('toasts')!.innerHTML = '<div role="alert">Invitación enviada</div>';
    expect(readPage(doc, SLUG).sentToast).toBe(true);
  });

  it("never reads the extension's own panel as the page, though its words name limits and sends", () => {
    const doc = parse({ card: 'connect' });
    const host = doc.createElement('div');
    host.id = PANEL_HOST_ID;
    host.attachShadow({ mode: 'open' }).innerHTML =
      '<p role="status">Weekly invitation limit reached</p><p role="status">Invitation sent</p><div role="dialog"><textarea></textarea><button>Send</button></div>';
    doc.body.append(host);
    expect(readPage(doc, SLUG)).toMatchObject({ state: 'connect', dialog: null, sentToast: false });
    host.id = 'someone-elses-widget';
    expect(readPage(doc, SLUG).state).toBe('weekly-limit');
  });

  it('reads unknown when there is no top card', () => {
    const doc = new DOMParser().parseFromString('<main><p>Nothing</p></main>', 'text/html');
    expect(readPage(doc, SLUG)).toMatchObject({ state: 'unknown', card: null, dialog: null });
  });
});
