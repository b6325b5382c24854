// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { own } from '../../../../lib/page/reader/dom';
import { readPage } from '../../../../lib/page/reader/read-page';
import { dialogHtml, profilePage, type CardKind, type FixtureOptions, type Lang } from '../../../fixtures/profile-page';

const SLUG = 'jane-doe-42';
const NAME = 'Jane Doe';
const WHO = { slug: SLUG, name: NAME };

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
    expect(readPage(parse({ card, moreOpen }), WHO).state).toBe(state);
  });

  it("never takes another person's Invite button for this profile's Connect", () => {
    const reading = readPage(parse({ card: 'connected' }), WHO);
    expect(reading.state).toBe('connected');
    expect(reading.card?.connect).toBeUndefined();
    const doc = parse({ card: 'connect' });
    const connect = readPage(doc, WHO).card!.connect!;
    expect(connect.getAttribute('href')).toBe(`/preload/custom-invite/?vanityName=${SLUG}`);
  });

  it('takes the Connect item of the open More menu only when it names this profile', () => {
    const doc = parse({ card: 'connect-in-more', moreOpen: true });
    expect(readPage(doc, WHO).card?.menuConnect?.getAttribute('href')).toContain(`vanityName=${SLUG}`);
    const menuLink = doc.querySelector('[role="menu"] a[href*="custom-invite"]')!;
    menuLink.setAttribute('href', '/preload/custom-invite/?vanityName=someone-else');
    menuLink.textContent = 'Profile';
    expect(readPage(doc, WHO).state).toBe('follow-only');
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
    const reading = readPage(parse({ card, moreOpen, layout: 'older' }), WHO);
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
      expect(readPage(parse({ card, moreOpen, layout, lang }), WHO).state).toBe(card);
    });

    it(`${lang}: reads both dialog steps`, () => {
      const addNote = readPage(parse({ card: 'connect', lang, dialog: 'add-note' }), WHO).dialog!;
      expect(addNote.step).toBe('add-note');
      expect(addNote.addNote).toBeTruthy();
      expect(addNote.sendWithoutNote).toBeTruthy();
      const note = readPage(parse({ card: 'connect', lang, dialog: 'note-200' }), WHO).dialog!;
      expect([note.step, note.noteLimit, note.sendEnabled]).toEqual(['note', 200, false]);
      expect(note.send).toBeTruthy();
    });
  }
});

describe('the invitation dialog', () => {
  it('reads the "add a note?" step', () => {
    const d = readPage(parse({ card: 'connect', dialog: 'add-note' }), WHO).dialog!;
    expect(d.step).toBe('add-note');
    expect(d.addNote?.textContent).toBe('Add a note');
    expect(d.sendWithoutNote?.textContent).toBe('Send without a note');
  });

  it('reads the note step, its limit of 200 or 300, and Send enabled or not', () => {
    const doc = parse({ card: 'connect', dialog: 'note-300' });
    let d = readPage(doc, WHO).dialog!;
    expect([d.step, d.noteLimit, d.sendEnabled]).toEqual(['note', 300, false]);
    d.textarea!.removeAttribute('maxlength');
    d.send!.removeAttribute('disabled');
    d = readPage(doc, WHO).dialog!;
    expect([d.noteLimit, d.sendEnabled]).toEqual([300, true]);
  });

  it('reads email required', () => {
    expect(readPage(parse({ card: 'connect', dialog: 'email' }), WHO).state).toBe('email-required');
  });

  it('reads the personalised-note quota reached, and a remaining count that is not', () => {
    expect(readPage(parse({ card: 'connect', dialog: 'quota' }), WHO).state).toBe('note-quota-reached');
    const remaining = readPage(parse({ card: 'connect', dialog: 'remaining-3' }), WHO);
    expect(remaining.state).toBe('connect');
    expect(remaining.dialog?.remainingNotes).toBe(3);
  });

  it('reads the weekly limit, in a dialog or an alert', () => {
    expect(readPage(parse({ card: 'connect', dialog: 'weekly-limit' }), WHO).state).toBe('weekly-limit');
    const doc = parse({ card: 'connect' });
    doc.getElementById('toasts')!.innerHTML = '<div role="alert">Sie haben das wöchentliche Einladungslimit erreicht</div>';
    expect(readPage(doc, WHO).state).toBe('weekly-limit');
  });

  it.each(['add-note', 'note-200', 'email', 'quota'] as const)('finds the %s dialog inside #interop-outlet’s shadow root', (kind) => {
    const doc = withShadowDialog(parse({ card: 'connect' }), dialogHtml(kind, 'fr'));
    expect(doc.querySelector('[role="dialog"]')).toBeNull();
    const d = readPage(doc, WHO).dialog;
    expect(d?.step).toBe({ 'add-note': 'add-note', 'note-200': 'note', email: 'email-required', quota: 'note-quota-reached' }[kind]);
  });

  it('reads the "invitation sent" toast', () => {
    const doc = parse({ card: 'pending' });
    doc.getElementById('toasts')!.innerHTML = '<div role="alert">Invitación enviada</div>';
    expect(readPage(doc, WHO).sentToast).toBe(true);
  });

  it("never reads the extension's own panel as the page, though its words name limits and sends", () => {
    const doc = parse({ card: 'connect' });
    const host = doc.createElement('div');
    own.host = host;
    host.attachShadow({ mode: 'open' }).innerHTML =
      '<p role="status">Weekly invitation limit reached</p><p role="status">Invitation sent</p><div role="dialog"><textarea></textarea><button>Send</button></div>';
    doc.body.append(host);
    expect(readPage(doc, WHO)).toMatchObject({ state: 'connect', dialog: null, sentToast: false });
    own.host = null;
    expect(readPage(doc, WHO).state).toBe('weekly-limit');
  });

  it('reads unknown when there is no top card', () => {
    const doc = new DOMParser().parseFromString('<main><p>Nothing</p></main>', 'text/html');
    expect(readPage(doc, WHO)).toMatchObject({ state: 'unknown', card: null, dialog: null });
  });
});

describe('only the prospect’s own card and a dialog opened for them', () => {
  const decoy = (name: string, vanity: string) =>
    `<section><h2>${name}</h2><a href="/preload/custom-invite/?vanityName=${vanity}" aria-label="Invite ${name} to connect">Connect</a></section>`;

  it('skips a decoy card placed first in the main region and reads the prospect’s', () => {
    const reading = readPage(parse({ card: 'connect', before: decoy('Mallory Evil', 'mallory-evil') }), WHO);
    expect(reading.card?.name).toBe('jane doe');
    expect(reading.card?.connect?.getAttribute('href')).toBe(`/preload/custom-invite/?vanityName=${SLUG}`);
  });

  it('accepts no card naming another person under the prospect’s address, and says so', () => {
    const reading = readPage(parse({ card: 'connect', name: 'John Smith' }), WHO);
    expect(reading).toMatchObject({ card: null, foreign: true, state: 'unknown' });
    // A decoy under the prospect's own vanityName but another name is not theirs either.
    expect(readPage(parse({ card: 'connect', name: 'John Smith', before: decoy('John Smith', SLUG) }), WHO).card).toBeNull();
  });

  it('accepts names written differently (accents, titles, order of middle names)', () => {
    expect(readPage(parse({ card: 'connect', name: 'Dr. Jane  DOE, MBA' }), WHO).state).toBe('connect');
    expect(readPage(parse({ card: 'connect', name: 'Jäne Doe' }), WHO).state).toBe('connect');
  });

  it('without a name from the service, needs the card to name the profile’s slug', () => {
    expect(readPage(parse({ card: 'connect' }), { slug: SLUG }).state).toBe('connect');
    expect(readPage(parse({ card: 'connect' }), { slug: 'someone-else' })).toMatchObject({ card: null, foreign: true });
  });

  it('never takes a dialog open before the flow began for the invitation’s', () => {
    const doc = parse({ card: 'connect', dialog: 'note-200' });
    const foreign = new Set([readPage(doc, WHO).dialog!.element]);
    expect(readPage(doc, { ...WHO, foreign }).dialog).toBeNull();
  });

  it.each<Lang>(['en', 'fr', 'de', 'es'])('%s: never takes a dialog that names someone else for the invitation’s, and says one is open', (lang) => {
    const other = readPage(parse({ card: 'connect', lang, after: dialogHtml('add-note', lang, 'Mallory Evil') }), WHO);
    expect(other).toMatchObject({ dialog: null, otherDialog: true, state: 'connect' });
    // The same dialog naming the prospect (accents and case aside) is theirs.
    const theirs = readPage(parse({ card: 'connect', lang, after: dialogHtml('add-note', lang, 'JANE DÖE') }), WHO);
    expect(theirs).toMatchObject({ otherDialog: false, dialog: { step: 'add-note' } });
  });

  it.each<Lang>(['en', 'fr', 'de', 'es'])('%s: never takes the 2026 dialog whose body alone names someone else (its title names nobody)', (lang) => {
    const doc = parse({ card: 'connect', lang, after: dialogHtml('add-note', lang, 'Mallory Evil', 'body') });
    const dialog = doc.querySelector('[data-dialog]')!;
    expect(dialog.hasAttribute('aria-label')).toBe(false);
    expect(dialog.querySelector('strong')?.textContent).toBe('Mallory Evil');
    expect(readPage(doc, WHO)).toMatchObject({ dialog: null, otherDialog: true });
    // Without a name from the service, the card's name is the one compared.
    expect(readPage(doc, { slug: SLUG })).toMatchObject({ dialog: null, otherDialog: true });
    const theirs = parse({ card: 'connect', lang, after: dialogHtml('add-note', lang, 'Jane Doe', 'body') });
    expect(readPage(theirs, WHO)).toMatchObject({ otherDialog: false, dialog: { step: 'add-note' } });
  });

  it('reads the emphasised name only after "invitation to", not any bold word of the body', () => {
    const doc = parse({ card: 'connect', after: dialogHtml('add-note', 'en', 'Jane Doe', 'body') });
    doc.querySelector('[data-dialog] p')!.insertAdjacentHTML('beforeend', ' <strong>Premium</strong> members get more.');
    expect(readPage(doc, WHO).dialog?.step).toBe('add-note');
    doc.querySelector('[data-dialog] p strong')!.textContent = 'Mallory Evil';
    expect(readPage(doc, WHO)).toMatchObject({ dialog: null, otherDialog: true });
  });

  it('rejects a dialog whose label alone, title alone or custom-invite link names someone else', () => {
    const doc = parse({ card: 'connect', after: dialogHtml('note-200', 'en', 'Mallory Evil') });
    const dialog = doc.querySelector('[data-dialog]')!;
    const title = dialog.querySelector('h2')!;
    title.remove();
    expect(readPage(doc, WHO)).toMatchObject({ dialog: null, otherDialog: true });
    dialog.prepend(title);
    dialog.removeAttribute('aria-label');
    expect(readPage(doc, WHO)).toMatchObject({ dialog: null, otherDialog: true });
    title.remove();
    expect(readPage(doc, WHO).dialog?.step).toBe('note');
    dialog.insertAdjacentHTML('beforeend', '<a href="/preload/custom-invite/?vanityName=mallory-evil">Profile</a>');
    expect(readPage(doc, WHO)).toMatchObject({ dialog: null, otherDialog: true });
    dialog.querySelector('a[href*="custom-invite"]')!.setAttribute('href', `/preload/custom-invite/?vanityName=${SLUG}`);
    expect(readPage(doc, WHO).dialog?.step).toBe('note');
  });

  it('without a name from the service, compares the dialog’s name with the name on the prospect’s card', () => {
    const doc = parse({ card: 'connect', after: dialogHtml('add-note', 'en', 'Mallory Evil') });
    expect(readPage(doc, { slug: SLUG })).toMatchObject({ dialog: null, otherDialog: true });
    const theirs = parse({ card: 'connect', after: dialogHtml('add-note', 'en', NAME) });
    expect(readPage(theirs, { slug: SLUG }).dialog?.step).toBe('add-note');
  });

  it('never takes a chat window (also role="dialog") for the invitation dialog, but keeps clear of it', () => {
    const chat =
      '<aside><div role="dialog" aria-label="Conversation"><div contenteditable="true" role="textbox"></div><button type="submit">Send</button></div></aside>';
    const doc = parse({ card: 'connect', dialog: 'add-note', after: chat });
    const reading = readPage(doc, WHO);
    expect(reading.dialog?.step).toBe('add-note');
    expect(reading.dialogs).toHaveLength(2);
    expect(readPage(parse({ card: 'connect', after: chat }), WHO)).toMatchObject({ dialog: null, state: 'connect' });
  });
});

describe('connected only on positive evidence', () => {
  it('reads an older-layout 3rd-degree profile with Message primary and Connect in the More dropdown as connect-in-more', () => {
    const doc = parse({ card: 'connect-in-more', layout: 'older', messagePrimary: true });
    expect(doc.querySelector('.pvs-profile-actions > button')?.textContent).toBe('Message');
    expect(readPage(doc, WHO).state).toBe('connect-in-more');
    const open = readPage(parse({ card: 'connect-in-more', layout: 'older', messagePrimary: true, moreOpen: true }), WHO);
    expect(open.card?.menuConnect?.getAttribute('aria-label')).toBe('Invite Jane Doe to connect');
  });

  it('never reads a primary Message alone as connected', () => {
    const doc = parse({ card: 'connected' });
    doc.querySelector('section p')!.textContent = '';
    expect(readPage(doc, WHO).state).not.toBe('connected');
  });

  it('reads connected from a 1st-degree badge or a Remove-connection item', () => {
    expect(readPage(parse({ card: 'connected' }), WHO).state).toBe('connected');
    const doc = parse({ card: 'connected', moreOpen: true });
    doc.querySelector('section p')!.textContent = '';
    expect(readPage(doc, WHO).state).toBe('connected');
  });
});

describe('unknown when the signs of the prospect’s own card conflict', () => {
  it('reads a 1st-degree badge beside a Connect button or custom-invite link as unknown', () => {
    for (const layout of ['current', 'older'] as const) {
      const doc = parse({ card: 'connect', layout });
      expect(readPage(doc, WHO).state).toBe('connect');
      doc.querySelector('section p, section .dist-value')!.textContent = '· 1st';
      expect(readPage(doc, WHO).state).toBe('unknown');
    }
  });

  it('reads a 1st-degree badge beside an Invite item of the More menu as unknown, open or closed', () => {
    for (const moreOpen of [true, false]) {
      const doc = parse({ card: 'connect-in-more', layout: 'older', moreOpen });
      doc.querySelector('section .dist-value')!.textContent = '· 1er';
      expect(readPage(doc, WHO).state).toBe('unknown');
    }
  });

  it('leaves a card holding two degree badges (as the saved pages do) to its controls', () => {
    const doc = parse({ card: 'connect-in-more', moreOpen: true });
    doc.querySelector('section p')!.insertAdjacentHTML('afterend', '<div data-display-contents="true"><p>· 1st</p></div>');
    expect(readPage(doc, WHO).state).toBe('connect-in-more');
  });

  it('reads a Remove-connection item beside an invite as unknown', () => {
    const doc = parse({ card: 'connect-in-more', moreOpen: true });
    expect(readPage(doc, WHO).state).toBe('connect-in-more');
    doc.querySelector('[role="menu"]')!.insertAdjacentHTML('beforeend', '<div role="menuitem" tabindex="0">Remove connection</div>');
    expect(readPage(doc, WHO).state).toBe('unknown');
    // And the card's own "Invite Jane Doe to connect" button beside it.
    const connected = parse({ card: 'connected', moreOpen: true });
    connected.querySelector('[data-actions]')!.insertAdjacentHTML('afterbegin', '<button aria-label="Invite Jane Doe to connect">Connect</button>');
    expect(readPage(connected, WHO).state).toBe('unknown');
  });
});

describe('states read positively on layouts not seen, in English, French, German and Spanish', () => {
  const langs: Lang[] = ['en', 'fr', 'de', 'es'];
  const layouts = ['current', 'older'] as const;
  for (const lang of langs) {
    for (const layout of layouts) {
      it.each<[CardKind, boolean, string]>([
        ['pending', false, 'pending'],
        ['withdraw-in-more', true, 'pending'],
        ['follow-only', true, 'follow-only'],
        ['own-profile', false, 'own-profile'],
        ['inmail-only', true, 'follow-only'],
        // More closed: Connect may be in it; the assisted flow opens it and stops when it is not.
        ['inmail-only', false, 'connect-in-more'],
      ])(`${lang}, ${layout} layout: %s (More open=%s) reads as %s`, (card, moreOpen, state) => {
        const reading = readPage(parse({ card, moreOpen, layout, lang }), WHO);
        expect(reading.state).toBe(state);
        expect(reading.card?.conflict).toBe(false);
      });

      it(`${lang}, ${layout} layout: a connection with Message primary and "Remove your connection" in More, no degree badge, reads connected`, () => {
        const doc = parse({ card: 'connected', layout, lang, messagePrimary: true, moreOpen: layout === 'current' });
        doc.querySelector('section p, section .dist-value')!.textContent = '';
        const reading = readPage(doc, WHO);
        expect(reading.state).toBe('connected');
        expect(reading.card?.evidence).toContain('remove-connection');
        expect(reading.card?.evidence).not.toContain('connect-in-more');
      });
    }
  }

  it('reads the older layout’s pending from the Withdraw item of its closed More dropdown', () => {
    const doc = parse({ card: 'withdraw-in-more', layout: 'older' });
    expect(doc.querySelector('.artdeco-dropdown__content')?.hasAttribute('hidden')).toBe(true);
    expect(readPage(doc, WHO).card).toMatchObject({ state: 'pending', evidence: expect.arrayContaining(['withdraw', 'message']) });
  });

  it('never takes "Remove your connection to <name>" for an invite, though it names the person and holds "connect"', () => {
    const doc = parse({ card: 'connected', layout: 'older', messagePrimary: true });
    expect(readPage(doc, WHO).card?.evidence).toEqual(['first-degree', 'remove-connection', 'message']);
  });

  it('reads unknown, and says what it saw, when a pending sign meets a connected or invitable one', () => {
    const doc = parse({ card: 'withdraw-in-more', moreOpen: true });
    doc.querySelector('section p')!.textContent = '· 1st';
    expect(readPage(doc, WHO).card).toMatchObject({ state: 'unknown', conflict: true, evidence: ['first-degree', 'withdraw', 'message'] });
    const invitable = parse({ card: 'connect' });
    invitable
      .querySelector('[data-actions]')!
      .insertAdjacentHTML('beforeend', '<button aria-label="Pending, click to withdraw invitation sent to Jane Doe">Pending</button>');
    expect(readPage(invitable, WHO).card).toMatchObject({ state: 'unknown', conflict: true, evidence: ['far-degree', 'connect', 'pending', 'message'] });
  });

  it('names the 1st-degree badge and the invite that conflict', () => {
    const doc = parse({ card: 'connect', layout: 'older' });
    doc.querySelector('section .dist-value')!.textContent = '· 1st';
    expect(readPage(doc, WHO).card).toMatchObject({ state: 'unknown', conflict: true, evidence: ['first-degree', 'connect', 'message'] });
  });
});

describe('the premium upsell in every language', () => {
  it('reads the note quota from the upsell’s link to /premium/, whatever its words (German)', () => {
    const upsell =
      '<div role="dialog" aria-modal="true"><h2>Mit Premium persönlicher vernetzen</h2><p>Schreiben Sie Mitgliedern mit einer persönlichen Nachricht.</p><a href="https://www.linkedin.com/premium/products/?upsellOrderOrigin=x">Premium 1 Monat gratis testen</a><button aria-label="Ohne Notiz senden">Ohne Notiz senden</button></div>';
    const doc = parse({ card: 'connect', lang: 'de', after: upsell });
    const reading = readPage(doc, WHO);
    expect(reading.state).toBe('note-quota-reached');
    expect(reading.dialog?.sendWithoutNote?.textContent).toBe('Ohne Notiz senden');
  });
});
