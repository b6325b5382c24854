// The reader's time on a 100-record contacts page (issue 29): reading by rules that generalize
// (keys folded once per body, the list found by structure) must cost nothing a person can feel.
// Timed in Node, whose V8 is the engine of the Chromium that runs the extension's pages: each run
// reads a fresh copy of the page (the folded copy is made once per body, so a copy read again would
// cost nothing), from the answer's object to the ContactList the Contacts view shows.
import { performance } from 'node:perf_hooks';
import { readContactList } from '../../lib/api/readers/contacts';
import { randomShape } from '../../test/sandbox/random-shape';
import { DEMO_KEY } from '../../test/sandbox/seed';
import { Sandbox } from '../../test/sandbox/app';

const RECORDS = 100;
const WARM = 200;
const TIMED = 400;

/** The demo account's contacts, as many times over as it takes to make a page of 100 (ids kept distinct). */
function contactsPage(): Record<string, unknown> {
  const sandbox = new Sandbox();
  const res = sandbox.handle({ method: 'GET', url: '/api/api/contacts?per_page=100', headers: { authorization: `Bearer ${DEMO_KEY}` }, body: '' });
  const own = JSON.parse(res.body) as { data: Array<Record<string, unknown>>; meta: Record<string, unknown> };
  const data = Array.from({ length: RECORDS }, (_, i) => ({ ...own.data[i % own.data.length]!, id: `ld_bench${i}` }));
  return { ...own, data, meta: { ...own.meta, per_page: RECORDS, total: 4 * RECORDS, last_page: 4 } };
}

function medianMs(body: unknown): number {
  const copies = Array.from({ length: WARM + TIMED }, () => structuredClone(body));
  const times: number[] = [];
  copies.forEach((copy, i) => {
    const start = performance.now();
    const read = readContactList(copy, { page: 1, perPage: RECORDS });
    const spent = performance.now() - start;
    if (read.contacts.length !== RECORDS) throw new Error(`read ${read.contacts.length} contacts of ${RECORDS}`);
    if (i >= WARM) times.push(spent);
  });
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** Median milliseconds to read the page in the sandbox's own shape, and in a random one (seed 1). */
export function readerTimes(): { own: number; random: number } {
  const page = contactsPage();
  return { own: medianMs(page), random: medianMs(randomShape('listContacts', page, 1)) };
}

/**
 * Median milliseconds to read a page whose record carries a key of 1 MB of capitals (issue 37): a
 * key over 100 characters is dropped before it is folded, so it costs nothing (it took 1.3 s to
 * fold 40,000 capitals before).
 */
export function longKeyMs(): number {
  const key = 'A'.repeat(1_000_000);
  const times: number[] = [];
  for (let i = 0; i < 40; i++) {
    const body = { data: [{ [key]: 'x', [`${key}b`]: 'y', id: `ld_${i}`, firstname: 'Ada' }] };
    const start = performance.now();
    const read = readContactList(body, { page: 1, perPage: 100 });
    const spent = performance.now() - start;
    if (read.contacts.length !== 1) throw new Error('the record with a long key was not read');
    if (i >= 10) times.push(spent);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}
