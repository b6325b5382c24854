// @vitest-environment happy-dom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSentAge } from '../../../../lib/page/reader/sent-age';
import { findSentRow, isSentAddress, readSentPage } from '../../../../lib/page/reader/sent-page';
import {
  chatWindowHtml,
  DAY,
  SENT_LANGS,
  SENT_LAYOUTS,
  SENT_URL,
  sentAgeText,
  sentPage,
  type SentPageOptions,
  type SentRowSpec,
} from '../../../fixtures/sent-page';

const NOW = Date.parse('2026-03-20T12:00:00Z');

const JANE: SentRowSpec = { slug: 'jane-doe-42', name: 'Jane Doe', sentAt: NOW - 23 * DAY };
const JOHN: SentRowSpec = { slug: 'john-smith', name: 'John Smith', sentAt: NOW - 3 * DAY };
const ANA: SentRowSpec = { slug: 'ana-garcía-7', name: 'Ana García', sentAt: NOW - 70 * DAY };

/** The fixture's index of a row (the 2025 layout's row is the <li> around its role="listitem"). */
const indexOf = (row: Element) => (row.matches('[data-row]') ? row : row.querySelector('[data-row]'))?.getAttribute('data-row');
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const page = (o: Partial<SentPageOptions>) => parse(sentPage({ invitations: [JANE, JOHN, ANA], now: NOW, ...o }));

describe('whether the document is the Sent invitations page', () => {
  it('takes the Sent page’s address on any of the network’s hosts, and nothing else', () => {
    for (const url of [
      SENT_URL,
      'https://www.linkedin.com/mynetwork/invitation-manager/sent/?invitationType=CONNECTION',
      'https://fr.linkedin.com/mynetwork/invitation-manager/sent',
    ])
      expect(isSentAddress(url)).toBe(true);
    for (const url of [
      'https://www.linkedin.com/mynetwork/invitation-manager/',
      'https://www.linkedin.com/mynetwork/invitation-manager/received/',
      'https://www.linkedin.com/in/jane-doe-42/',
      'http://www.linkedin.com/mynetwork/invitation-manager/sent/',
      'https://linkedin.com.evil.example/mynetwork/invitation-manager/sent/',
      'not a url',
    ])
      expect(isSentAddress(url)).toBe(false);
  });

  for (const lang of SENT_LANGS)
    for (const layout of SENT_LAYOUTS)
      it(`${lang}, ${layout} layout: reads the list, each row’s profile, name, age and own Withdraw`, () => {
        const reading = readSentPage(page({ lang, layout }), SENT_URL);
        expect(reading).toMatchObject({ isSentPage: true, state: 'list' });
        expect(reading.evidence).toEqual(['address', 'sent-tab', 'rows']);
        expect(reading.rows.map((r) => [r.slug, r.name, r.age?.days, r.sure])).toEqual([
          ['jane-doe-42', 'Jane Doe', 21, true],
          ['john-smith', 'John Smith', 3, true],
          ['ana-garcía-7', 'Ana García', 60, true],
        ]);
        for (const row of reading.rows) {
          expect(row.evidence).toEqual(['profile-link', 'name', 'age', 'withdraw']);
          expect(row.element.contains(row.withdraw!)).toBe(true);
        }
      });

  it.each(SENT_LANGS)('%s: reads the empty list as empty, and a loader as loading', (lang) => {
    expect(readSentPage(page({ lang, invitations: [] }), SENT_URL)).toMatchObject({
      state: 'empty',
      rows: [],
      evidence: ['address', 'sent-tab', 'empty-message'],
    });
    expect(readSentPage(page({ lang, loading: true }), SENT_URL)).toMatchObject({ state: 'loading', rows: [] });
  });

  it('reads unknown on the Sent address when nothing of the page is drawn', () => {
    expect(readSentPage(parse('<main><p>…</p></main>'), SENT_URL)).toEqual({ isSentPage: true, state: 'unknown', rows: [], evidence: ['address'] });
  });

  it('is not the Sent page at another address, or when the page shows the Received tab', () => {
    expect(readSentPage(page({}), 'https://www.linkedin.com/in/jane-doe-42/')).toMatchObject({ isSentPage: false, state: 'unknown', rows: [] });
    const received = page({});
    received.querySelector('[role="tab"][aria-selected="true"]')!.setAttribute('aria-selected', 'false');
    received.querySelector('[role="tab"]')!.setAttribute('aria-selected', 'true');
    expect(readSentPage(received, SENT_URL)).toMatchObject({ isSentPage: false, rows: [] });
    expect(readSentPage(received, SENT_URL).evidence).toContain('received-tab');
  });

  it('never takes other lists of the page (people to invite, a chat window) for rows', () => {
    const doc = page({ after: chatWindowHtml('mallory-evil', 'Mallory Evil') });
    expect(readSentPage(doc, SENT_URL).rows.map((r) => r.slug)).toEqual(['jane-doe-42', 'john-smith', 'ana-garcía-7']);
  });

  it('reads a slug decoded once and lowercased, as profile addresses are', () => {
    const doc = page({ invitations: [{ ...JANE, slug: 'José-Ñúñez' }] });
    expect(doc.querySelector('a[href*="/in/"]')!.getAttribute('href')).toBe('https://www.linkedin.com/in/Jos%C3%A9-%C3%91%C3%BA%C3%B1ez/');
    const reading = readSentPage(doc, SENT_URL);
    expect(reading.rows[0]!.slug).toBe('josé-ñúñez');
    for (const asked of ['josé-ñúñez', 'JOSÉ-ÑÚÑEZ']) expect(findSentRow(reading, asked).row?.slug).toBe('josé-ñúñez');
    // Decoded once: the escaped form names another profile.
    expect(findSentRow(reading, 'jos%c3%a9-%c3%b1%c3%ba%c3%b1ez').notSure).toBe('no-row');
  });
});

describe('the age a row shows', () => {
  it.each<[string, number | undefined]>([
    ['Sent today', 0],
    ['Sent yesterday', 1],
    ['Sent 5 hours ago', 0],
    ['Sent an hour ago', 0],
    ['Sent 3 days ago', 3],
    ['Sent a week ago', 7],
    ['Sent 3 weeks ago', 21],
    ['Sent 1 month ago', 30],
    ['Sent 2 years ago', 730],
    ['Envoyée il y a une semaine', 7],
    ['Envoyé il y a 2 mois', 60],
    ['Envoyée il y a 1 an', 365],
    ['Envoyée hier', 1],
    ['Vor 3 Wochen gesendet', 21],
    ['Gesendet vor einem Monat', 30],
    ['Vor 2 Jahren gesendet', 730],
    ['Heute gesendet', 0],
    ['Enviada hace 3 semanas', 21],
    ['Enviado hace un año', 365],
    ['Enviada ayer', 1],
  ])('reads “%s” as %s days', (text, days) => {
    expect(parseSentAge(text)).toEqual({ text, days });
  });

  it('gives no age for a text that does not say “sent”, nor a day count for words it does not know', () => {
    expect(parseSentAge('Hiring: 3 weeks ago we opened five roles')).toBeUndefined();
    expect(parseSentAge('Sent with love from Paris')).toBeUndefined();
    // A <time> element says it is a time: its words are kept, the days unknown.
    expect(parseSentAge('Inviato 3 settimane fa', true)).toEqual({ text: 'Inviato 3 settimane fa', days: undefined });
  });

  it('reads the <time> element of the older layout, and says nothing when two ages disagree', () => {
    const doc = page({ layout: 'older' });
    expect(readSentPage(doc, SENT_URL).rows[0]!.age).toEqual({ text: 'Sent 3 weeks ago', days: 21 });
    doc.querySelector('.invitation-card__details')!.insertAdjacentHTML('beforeend', '<span>Sent 2 days ago</span>');
    expect(readSentPage(doc, SENT_URL).rows[0]!.age).toEqual({ text: 'Sent 3 weeks ago', days: undefined });
  });

  it('reads back, in every language, what the page writes for any age, rounded down within its unit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.constantFrom(...SENT_LANGS), (days, lang) => {
        const read = parseSentAge(sentAgeText(days, lang))?.days;
        const unit = days < 7 ? 1 : days < 30 ? 7 : days < 365 ? 30 : 365;
        expect(read).toBeTypeOf('number');
        expect(read).toBeLessThanOrEqual(days);
        expect(days - read!).toBeLessThan(unit);
      }),
      // "Vor 1 Jahr gesendet": the singulars of the German units were once unknown.
      { examples: [[365, 'de']] },
    );
  });
});

describe('the row of one person, found only by its profile link', () => {
  for (const lang of SENT_LANGS)
    for (const layout of SENT_LAYOUTS)
      it(`${lang}, ${layout} layout: finds each person’s own row and its Withdraw`, () => {
        const reading = readSentPage(page({ lang, layout }), SENT_URL);
        for (const person of [JANE, JOHN, ANA]) {
          const { row } = findSentRow(reading, person.slug);
          expect(row?.element.querySelector(`a[href*="/in/${encodeURIComponent(person.slug)}/"]`)).toBeTruthy();
          expect(row?.element.contains(row.withdraw!)).toBe(true);
        }
      });

  it('never chooses another person’s row that shows the same name, and never matches by name', () => {
    const namesake = { ...JOHN, slug: 'jane-doe-other', name: 'Jane Doe' };
    const reading = readSentPage(page({ invitations: [namesake, JANE] }), SENT_URL);
    expect(findSentRow(reading, JANE.slug).row?.element).toBe(reading.rows[1]!.element);
    expect(findSentRow(reading, namesake.slug).row?.element).toBe(reading.rows[0]!.element);
    // A row showing another name is still the person's when its link is theirs.
    const renamed = readSentPage(page({ invitations: [{ ...JANE, name: 'J. Doe-Martin' }] }), SENT_URL);
    expect(findSentRow(renamed, JANE.slug).row?.name).toBe('J. Doe-Martin');
    expect(findSentRow(reading, 'jane-doe').notSure).toBe('no-row');
  });

  it('ignores a decoy link to the person outside the list, and a chat window holding their link and a Withdraw', () => {
    const decoy = `<section><a href="/in/${JANE.slug}/">Jane Doe</a><button aria-label="Withdraw invitation sent to Jane Doe">Withdraw</button></section>`;
    const reading = readSentPage(page({ before: decoy, after: chatWindowHtml(JANE.slug, JANE.name) }), SENT_URL);
    const { row } = findSentRow(reading, JANE.slug);
    expect(row?.element.closest('[data-list]')).toBeTruthy();
    // Nor an item of a dialog drawn inside the list itself.
    const inside = page({ invitations: [JANE, JOHN] });
    inside
      .querySelector('[data-list]')!
      .insertAdjacentHTML('beforeend', `<div role="dialog"><li><a href="/in/${JANE.slug}/">Jane Doe</a><button>Withdraw</button></li></div>`);
    expect(findSentRow(readSentPage(inside, SENT_URL), JANE.slug).row?.element.closest('[role="dialog"]')).toBeNull();
  });

  it('is not sure when two rows claim the profile: two rows for it, or a decoy link to it in another person’s row', () => {
    const twice = readSentPage(page({ invitations: [JANE, JOHN, { ...JANE, sentAt: NOW }] }), SENT_URL);
    expect(findSentRow(twice, JANE.slug)).toMatchObject({ row: null, notSure: 'two-rows' });
    expect(findSentRow(twice, JOHN.slug).row?.slug).toBe(JOHN.slug);
    const decoyed = readSentPage(page({ invitations: [{ ...JOHN, decoySlug: JANE.slug }, JANE] }), SENT_URL);
    expect(findSentRow(decoyed, JANE.slug)).toMatchObject({ row: null, notSure: 'two-rows' });
    // John's row, naming two profiles, is not sure either.
    expect(findSentRow(decoyed, JOHN.slug)).toMatchObject({ row: null, notSure: 'row-not-sure' });
    expect(decoyed.rows[0]!.evidence).toContain('two-profiles');
  });

  for (const lang of ['en', 'fr'] as const)
    for (const layout of SENT_LAYOUTS) {
      it(`${lang}, ${layout} layout: takes a Withdraw drawn as an <a> without href or role, by its label and its place in the row`, () => {
        const reading = readSentPage(page({ lang, layout, invitations: [{ ...JANE, withdrawAsLink: true }, JOHN] }), SENT_URL);
        const { row } = findSentRow(reading, JANE.slug);
        expect(row?.withdraw?.tagName).toBe('A');
        expect(row?.withdraw?.hasAttribute('href')).toBe(false);
        expect(reading.evidence).not.toContain('withdraw-outside-rows');
      });

      it(`${lang}, ${layout} layout: a card linking a mutual connection is still its person’s, found by its own name link`, () => {
        const mutual = { slug: 'bob-martin-3', name: 'Bob Martin' };
        const reading = readSentPage(page({ lang, layout, invitations: [{ ...JANE, mutual }, JOHN] }), SENT_URL);
        const { row } = findSentRow(reading, JANE.slug);
        expect(row).toMatchObject({ slug: JANE.slug, name: 'Jane Doe', sure: true });
        // The mutual connection has no row of their own: nothing is found for them.
        expect(findSentRow(reading, mutual.slug)).toMatchObject({ row: null });
      });
    }

  it.each<[SentRowSpec, string]>([
    [{ ...JANE, withdraw: 'outside' }, 'no-withdraw'],
    [{ ...JANE, withdraw: 'none' }, 'no-withdraw'],
    [{ ...JANE, withdraw: 'two' }, 'two-withdraws'],
    [{ ...JANE, withdrawFor: 'Mallory Evil' }, 'withdraw-names-someone-else'],
  ])('is not sure of a row whose Withdraw is not its own: %o', (spec, sign) => {
    for (const layout of SENT_LAYOUTS) {
      const reading = readSentPage(page({ layout, invitations: [spec, JOHN] }), SENT_URL);
      expect(findSentRow(reading, JANE.slug)).toMatchObject({ row: null, notSure: 'row-not-sure' });
      expect(reading.rows[0]).toMatchObject({ sure: false, withdraw: undefined });
      expect(reading.rows[0]!.evidence).toContain(sign);
      expect(findSentRow(reading, JOHN.slug).row?.slug).toBe(JOHN.slug);
    }
    if (spec.withdraw === 'outside') expect(readSentPage(page({ invitations: [spec] }), SENT_URL).evidence).toContain('withdraw-outside-rows');
  });

  it('is not sure of a row with a disabled Withdraw, and lists a row without a link without a profile', () => {
    const doc = page({});
    doc.querySelector('[data-withdraw]')!.setAttribute('disabled', '');
    expect(findSentRow(readSentPage(doc, SENT_URL), JANE.slug)).toMatchObject({ notSure: 'row-not-sure' });
    const unlinked = readSentPage(page({ invitations: [{ ...JANE, noLink: true }, JOHN] }), SENT_URL);
    expect(unlinked.rows[0]).toMatchObject({ slug: null, slugs: [], sure: false });
    expect(unlinked.rows[0]!.evidence).toContain('no-profile-link');
    expect(findSentRow(unlinked, JANE.slug).notSure).toBe('no-row');
  });

  it('finds no row off the Sent page', () => {
    expect(findSentRow(readSentPage(page({}), 'https://www.linkedin.com/feed/'), JANE.slug)).toMatchObject({ row: null, notSure: 'not-sent-page' });
  });

  it('chooses the same row whatever the order of the rows, namesakes and decoys around it', () => {
    const other = fc.record({
      slug: fc.stringMatching(/^[a-z]{3,8}-[a-z0-9]{2,4}$/).filter((s) => s !== JANE.slug),
      name: fc.constantFrom('Jane Doe', 'JANE DOE', 'John Smith', 'Jäne Döe'),
      days: fc.integer({ min: 0, max: 400 }),
    });
    const decoy = fc.constantFrom(
      '',
      chatWindowHtml(JANE.slug, JANE.name),
      `<aside><ul><li><a href="/in/${JANE.slug}/">Jane Doe</a><button>Withdraw</button></li></ul></aside>`,
      `<section><h2>People you may know</h2><ul><li><a href="/in/${JANE.slug}/">Jane Doe</a><button>Connect</button></li></ul></section>`,
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(other, { selector: (o) => o.slug, maxLength: 6 }),
        fc.nat(),
        decoy,
        decoy,
        fc.constantFrom(...SENT_LAYOUTS),
        (others, at, before, after, layout) => {
          const invitations: SentRowSpec[] = others.map((o) => ({ slug: o.slug, name: o.name, sentAt: NOW - o.days * DAY }));
          invitations.splice(at % (invitations.length + 1), 0, JANE);
          const reading = readSentPage(page({ invitations, before, after, layout }), SENT_URL);
          const { row } = findSentRow(reading, JANE.slug);
          expect(indexOf(row!.element)).toBe(String(invitations.indexOf(JANE)));
          for (const o of others) expect(findSentRow(reading, o.slug).row?.slug).toBe(o.slug);
        },
      ),
    );
    // A hundred pages read in happy-dom: seconds on a loaded machine (4.7 s before issue 38's reader changes, 5.1 s after, measured side by side).
  }, 30_000);
});
