// Never a blank view (issue 37, item 3): whatever members a record carries beside those the rules
// place, every text and number of it is shown, placed in a field or as a labelled line; the id never.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold, snake } from '../../../../lib/api/body/fold';
import { readableKey } from '../../../../lib/api/body/unplaced';
import { readEmailList } from '../../../../lib/api/readers/emails';
import { READER_RUNS, READER_RUNS_LABEL } from '../../../helpers/runs';

/** The keys the rules leave out on purpose: the id and its synonyms, the kind beside it, JSON:API's members, a related agent or user, the indicator. */
const LEFT_OUT = /^(id|uuid|hashed_id|type|links|meta|relationships|cursor|agent|campaign|user|owner|success|ok)$/;

const word = fc.stringMatching(/^[a-z]{2,8}$/);
const key = fc
  .tuple(word, fc.option(word, { nil: undefined }), fc.constantFrom('_', '-', 'camel'))
  .map(([a, b, join]) => (b === undefined ? a : join === 'camel' ? a + b[0]!.toUpperCase() + b.slice(1) : `${a}${join}${b}`))
  .filter((k) => !LEFT_OUT.test(snake(k)));
/** A text that is neither blank nor all mask marks, or a number that is no epoch time. */
const value = fc.oneof(
  fc.string({ minLength: 1, maxLength: 60 }).filter((s) => s.trim() !== '' && !/^[x*•]{3,}$/i.test(s.replace(/[^\p{L}\p{N}*•]/gu, ''))),
  fc.integer({ min: -1_000_000, max: 10_000_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
);
const members = fc.uniqueArray(fc.tuple(key, value), { minLength: 1, maxLength: 12, selector: ([k]) => fold(k) });
const recordId = fc.stringMatching(/^[a-z]{2}_[A-Za-z0-9]{4,12}$/);

describe('every member of a record is shown', () => {
  it(`places each text or number of a random email in a field or a labelled line, never the id (${READER_RUNS_LABEL} records)`, () => {
    fc.assert(
      fc.property(recordId, members, (id, drawn) => {
        const record = { id, subject: 'Subject', ...Object.fromEntries(drawn.filter(([k]) => fold(k) !== 'subject')) };
        const [email] = readEmailList({ data: [record] }).emails;
        expect(email?.id).toBe(id);
        const { extra = [], ...fields } = email!;
        const placed = JSON.stringify(fields).toLowerCase();
        for (const [k, v] of Object.entries(record)) {
          if (k === 'id') continue;
          const shown = extra.some((l) => l.label === readableKey(k) && l.value === String(v));
          const inField = placed.includes(JSON.stringify(String(v).trim().toLowerCase()).slice(1, -1)) || placed.includes(String(v));
          expect(shown || inField, `${k}: ${JSON.stringify(v)} is lost`).toBe(true);
        }
        expect(extra.map((l) => l.value)).not.toContain(id);
      }),
      { numRuns: READER_RUNS },
    );
  });
});
