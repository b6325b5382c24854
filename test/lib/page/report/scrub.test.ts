// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { readPage } from '../../../../lib/page/reader/read-page';
import { REPORT_SLUG, reportPage, withExpected } from '../../../../lib/page/report/scrub';
import { dialogHtml, profilePage, type CardKind, type DialogKind, type FixtureOptions, type Lang } from '../../../fixtures/profile-page';
import { loadReport } from '../../../fixtures/pages/load';

// A name and slug that no word of the network's pages holds, so any trace of them is a leak.
const SLUG = 'ximena-quarrington-7f3a';
const NAME = 'Ximena Quarrington-Böhl';
const LEAKS = ['ximena', 'quarrington', 'bohl', 'böhl', '7f3a', 'mallory', 'evil'];
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const page = (o: Partial<FixtureOptions> & { card: CardKind }) => new DOMParser().parseFromString(profilePage({ slug: SLUG, name: NAME, ...o }), 'text/html');

const CARDS: [CardKind, boolean][] = [
  ['connect', false],
  ['connect-in-more', true],
  ['connect-in-more', false],
  ['pending', false],
  ['withdraw-in-more', true],
  ['connected', true],
  ['follow-only', true],
  ['own-profile', false],
  ['inmail-only', true],
];
const DIALOGS: (DialogKind | undefined)[] = [undefined, 'add-note', 'note-200', 'email', 'quota', 'remaining-3', 'weekly-limit'];

describe('the scrubbed page report', () => {
  for (const lang of ['en', 'fr', 'de', 'es'] as Lang[]) {
    for (const layout of ['current', 'older'] as const) {
      it.each(CARDS)(`${lang}, ${layout} layout: %s (More open=%s) keeps no part of the name and loads back with the same state`, (card, moreOpen) => {
        for (const dialog of card === 'connect' ? DIALOGS : [undefined]) {
          for (const who of [{ slug: SLUG, name: NAME }, { slug: SLUG }]) {
            const doc = page({ card, moreOpen, layout, lang, ...(dialog ? { dialog } : {}) });
            const before = readPage(doc, who);
            const { html, state } = reportPage(doc, who);
            expect(state).toBe(before.state);
            for (const leak of LEAKS) expect(fold(html), `${leak} in ${html}`).not.toContain(leak);
            const back = loadReport(html);
            expect(back.expected).toBe(before.state);
            const after = readPage(back.doc, back.who);
            expect(after.state).toBe(before.state);
            expect(after.dialog?.step).toBe(before.dialog?.step);
            expect(after.card?.evidence).toEqual(before.card?.evidence);
          }
        }
      });
    }
  }

  it.each<['label' | 'body', Lang]>([
    ['label', 'en'],
    ['body', 'en'],
    ['body', 'de'],
    ['body', 'es'],
  ])('a dialog naming someone else (in its %s, %s) stays someone else’s, under placeholders', (named, lang) => {
    const doc = page({ card: 'connect', lang, after: dialogHtml('add-note', lang, 'Mallory Evil', named) });
    expect(readPage(doc, { slug: SLUG, name: NAME }).otherDialog).toBe(true);
    const { html } = reportPage(doc, { slug: SLUG, name: NAME });
    for (const leak of LEAKS) expect(fold(html)).not.toContain(leak);
    const back = loadReport(html);
    expect(readPage(back.doc, back.who)).toMatchObject({ otherDialog: true, dialog: null });
  });

  it('saves a dialog rendered in a shadow root, and no chat window', () => {
    const doc = page({
      card: 'connect',
      after: '<aside><div role="dialog" aria-label="Conversation with Ximena"><div contenteditable="true"></div><p>Private words</p></div></aside>',
    });
    doc.getElementById('interop-outlet')!.attachShadow({ mode: 'open' }).innerHTML = dialogHtml('note-200', 'en');
    const { html } = reportPage(doc, { slug: SLUG, name: NAME });
    expect(html).not.toContain('Private words');
    expect(html).not.toContain('contenteditable');
    const back = loadReport(html);
    expect(readPage(back.doc, back.who).dialog).toMatchObject({ step: 'note', noteLimit: 200 });
  });

  it('keeps roles, aria attributes, the words of buttons and menu items and the path shape of URLs; replaces other text and images', () => {
    const doc = page({ card: 'connect-in-more', moreOpen: true });
    doc
      .querySelector('section')!
      .insertAdjacentHTML(
        'beforeend',
        '<img src="https://media.licdn.com/dms/image/abc/photo.jpg" alt="Ximena Quarrington" srcset="x 1x"><a href="https://www.linkedin.com/company/acme-corp/?trk=abc">Acme Corp</a><p>Sales leader in Lyon</p>',
      );
    const { html } = reportPage(doc, { slug: SLUG, name: NAME });
    expect(html).toContain('role="menu"');
    expect(html).toContain('aria-expanded="true"');
    expect(html).toContain('>Follow<');
    expect(html).toContain('>Save to PDF<');
    expect(html).toContain('aria-label="Follow X1 X2-X3"');
    expect(html).toContain(`href="/preload/custom-invite/?vanityName=${REPORT_SLUG}"`);
    expect(html).toContain('href="https://www.linkedin.com/company/x/?trk=x"');
    expect(html).toContain('src="data:,"');
    for (const gone of ['Acme', 'Lyon', 'licdn', 'srcset', 'Head of Sales', 'urn%3Ali']) expect(html).not.toContain(gone);
  });

  it('keeps the words of a control only when they are the network’s known labels: no employer, school or organisation in a chip', () => {
    const doc = page({ card: 'connect-in-more', moreOpen: true });
    doc
      .querySelector('section [data-actions]')!
      .insertAdjacentHTML(
        'beforebegin',
        '<button type="button"><span>Acme Corp</span></button><div role="button" tabindex="0" aria-label="Current school: École Polytechnique">École Polytechnique</div><a role="button" href="/company/ford-foundation/">Ford Foundation</a><button aria-label="Connect with Acme alumni">Connect Acme</button>',
      );
    const { html } = reportPage(doc, { slug: SLUG, name: NAME });
    for (const gone of ['Acme', 'Polytechnique', 'cole', 'Ford', 'Foundation', 'school', 'alumni']) expect(html).not.toContain(gone);
    expect(html).toContain('>Follow<');
    expect(html).toContain('>More<');
    expect(html).toContain('aria-label="Follow X1 X2-X3"');
    const back = loadReport(html);
    expect(readPage(back.doc, back.who).state).toBe('connect-in-more');
  });

  it('keeps no headline for holding a counter (“24/7”, “1/2025”): the card’s text stays scrubbed, only names as placeholders', () => {
    const doc = page({ card: 'connect' });
    doc
      .querySelector('section [data-actions]')!
      .insertAdjacentHTML('beforebegin', '<p>Support 24/7 for Acme Corp</p><p>Joined Initech 1/2025</p><span>Ximena Quarrington 3/4</span>');
    const { html } = reportPage(doc, { slug: SLUG, name: NAME });
    for (const gone of ['Support', 'Acme', '24/7', 'Initech', '1/2025', 'Joined', '3/4']) expect(html).not.toContain(gone);
    expect(html).toContain('>X1 X2<');
    const back = loadReport(html);
    expect(readPage(back.doc, back.who).state).toBe('connect');
  });

  // Every evidence pattern of the card's text (lib/page/reader/labels.ts: weeklyLimit, remaining,
  // sentToast, with and without the invitee named), in the four languages, inside a headline.
  const EVIDENCE: [string, string, string][] = [
    ['weekly limit', 'You’ve reached the weekly invitation limit', 'weekly invitation limit'],
    ['weekly limit', 'Vous avez atteint la limite hebdomadaire d’invitations', 'limite hebdomadaire'],
    ['weekly limit', 'Sie haben das wöchentliche Einladungslimit erreicht', 'wöchentliche Einladungslimit'],
    ['weekly limit', 'Has alcanzado el límite semanal de invitaciones', 'límite semanal'],
    ['remaining', 'You have 100 personalized invitations left', '100 personalized'],
    ['remaining', 'Il vous reste 3 personnalisées', '3 personnalisées'],
    ['remaining', 'Noch 5 personalisierte Einladungen', '5 personalisierte'],
    ['remaining', 'Te quedan 2 personalizadas', '2 personalizadas'],
    ['toast', 'Invitation sent', 'Invitation sent'],
    ['toast', 'Invitation sent to Ximena Quarrington at Acme Corp', 'Invitation sent to X1 X2'],
    ['toast', 'Your invitation to Ximena Quarrington was sent.', 'invitation to X1 X2 was sent'],
    ['toast', 'Your invitation to Ximena Quarrington-Böhl was sent', 'invitation to X1 X2 X3 was sent'],
    ['toast', 'Invitation envoyée', 'Invitation envoyée'],
    ['toast', 'Votre invitation à Ximena Quarrington a été envoyée', 'invitation à X1 X2 a été envoyée'],
    ['toast', 'Einladung gesendet', 'Einladung gesendet'],
    ['toast', 'Einladung an Ximena Quarrington wurde gesendet', 'Einladung an X1 X2 wurde gesendet'],
    ['toast', 'Invitación enviada', 'Invitación enviada'],
    ['toast', 'Invitación a Ximena Quarrington enviada', 'Invitación a X1 X2 enviada'],
  ];
  const HEADLINE = ['Head', 'Sales', 'Acme', 'Corp', 'Lyon', 'Initech', 'Berlin'];

  it.each(EVIDENCE)(
    'keeps of a card’s text holding evidence (%s: “%s”) only the evidence words, never the headline, employer or city around them',
    (_kind, evidence, kept) => {
      for (const [before, after] of [
        ['Head of Sales at Acme Corp, Lyon · ', ' · Initech, Berlin'],
        ['', ''],
      ]) {
        const doc = page({ card: 'connect' });
        const text = `${before}${evidence}${after}`;
        doc.querySelector('section [data-actions]')!.insertAdjacentHTML('beforebegin', `<p>${text}</p><div role="status">${text}</div>`);
        const read = readPage(doc, { slug: SLUG, name: NAME });
        const { html } = reportPage(doc, { slug: SLUG, name: NAME });
        const body = fold(html.slice(html.indexOf('<body>')));
        for (const gone of [...HEADLINE, ...LEAKS]) expect(body, `${gone} in ${body}`).not.toMatch(new RegExp(`\\b${fold(gone)}\\b`));
        expect(html).toContain(kept);
        const back = loadReport(html);
        expect(readPage(back.doc, back.who)).toMatchObject({ state: read.state, sentToast: read.sentToast });
      }
    },
  );

  it('keeps a degree badge (the one anchored evidence pattern) only when it is the whole text: “Acme Corp, Lyon · 1st” is a headline', () => {
    const doc = page({ card: 'connect' });
    doc.querySelector('section [data-actions]')!.insertAdjacentHTML('beforebegin', '<span>· 2nd</span><p>Acme Corp, Lyon · 1st</p>');
    const { html } = reportPage(doc, { slug: SLUG, name: NAME });
    expect(html).toContain('<span>· 2nd</span>');
    for (const gone of ['Acme', 'Lyon', '1st']) expect(html).not.toContain(gone);
  });

  it('keeps the dialog’s count where the reader reads it, as the pattern alone', () => {
    const doc = page({ card: 'connect', dialog: 'note-200' });
    const { html } = reportPage(doc, { slug: SLUG, name: NAME });
    expect(html).toMatch(/\d+\s*\/\s*\d+/);
  });

  it('writes in the state the person says the page shows', () => {
    const { html } = reportPage(page({ card: 'connected', layout: 'older', messagePrimary: true }), { slug: SLUG, name: NAME });
    const fixed = withExpected(html, 'pending');
    expect(loadReport(fixed).expected).toBe('pending');
    expect(loadReport(html).expected).toBe('connected');
  });
});
