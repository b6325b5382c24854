// @vitest-environment happy-dom
// What the Sent page's reading gives the desk: the rows sure of their person; a namesake's row with
// its headline, so that the person can tell them apart.
import { afterEach, describe, expect, it } from 'vitest';
import { readSlot, slotKey } from '../../../../lib/sent-invitations/in-tab/slot';
import { sentReadScript, type SentPageReading } from '../../../../lib/sent-invitations/in-tab/sent-read';
import { DAY, SENT_LAYOUTS, SENT_URL, showSentPage } from '../../../fixtures/sent-page';

const NOW = Date.now();
const JANE = { slug: 'jane-doe-42', name: 'Jane Doe', sentAt: NOW - 30 * DAY, headline: 'Head of Sales · Acme' };
const NAMESAKE = { slug: 'jane-doe-other', name: 'Jane Doe', sentAt: NOW - 25 * DAY, headline: 'Nurse · City Hospital' };
const JOHN = { slug: 'john-smith-7', name: 'John Smith', sentAt: NOW - 2 * DAY, headline: 'Engineer · Initech' };

afterEach(() => {
  document.body.innerHTML = '';
});

async function reading(): Promise<SentPageReading> {
  const world: Record<string, unknown> = { [slotKey('sent-read')]: { input: true } };
  sentReadScript(world, document, SENT_URL);
  return (await readSlot(slotKey('sent-read'), 0, 5_000, world))!.state as SentPageReading;
}

describe('the Sent page’s reading for the desk', () => {
  for (const lang of ['en', 'fr'] as const)
    for (const layout of SENT_LAYOUTS)
      it(`${lang}, ${layout} layout: gives each namesake’s row its headline, and no headline to a row whose name is its own`, async () => {
        showSentPage({ invitations: [JANE, JOHN, NAMESAKE], lang, layout, now: NOW });
        const { rows } = await reading();
        expect(rows.map((r) => [r.slug, r.name, r.headline])).toEqual([
          [JANE.slug, 'Jane Doe', JANE.headline],
          [JOHN.slug, 'John Smith', undefined],
          [NAMESAKE.slug, 'Jane Doe', NAMESAKE.headline],
        ]);
      });
});

describe('the Sent page’s reading, bounded', () => {
  it('says at most 500 rows, and names of at most 300 characters', async () => {
    const long = `Jane ${'x'.repeat(1_000)}`;
    const invitations = Array.from({ length: 520 }, (_, i) => ({ slug: `person-${i}`, name: i === 0 ? long : `Person ${i}`, sentAt: NOW - 30 * DAY }));
    showSentPage({ invitations, now: NOW });
    const { rows } = await reading();
    expect(rows).toHaveLength(500);
    expect(rows[0]!.name).toHaveLength(300);
    // 520 rows in happy-dom take seconds on a loaded machine.
  }, 30_000);

  it('says no row whose profile link’s slug is longer than a profile’s (100 characters), and a 100-character slug whole', async () => {
    const longest = `a${'b'.repeat(99)}`;
    const invitations = [
      { slug: 'x'.repeat(100_000), name: 'Jane Doe', sentAt: NOW - 30 * DAY },
      { slug: `${longest}c`, name: 'John Smith', sentAt: NOW - 30 * DAY },
      { slug: longest, name: 'Ann Lee', sentAt: NOW - 30 * DAY },
    ];
    for (const layout of SENT_LAYOUTS) {
      showSentPage({ invitations, layout, now: NOW });
      const { rows } = await reading();
      expect(rows.map((r) => [r.slug, r.name])).toEqual([[longest, 'Ann Lee']]);
      for (const r of rows) expect(r.slug.length).toBeLessThanOrEqual(100);
    }
  }, 30_000);
});
