// Bounds for any answer (issue 49 item 6): an answer built to make the reading rules work without
// end is read, and its shape described, in a time no person notices. Before, references followed
// at every use overflowed the stack on a cyclic `included` and doubled their work at each level of
// records naming each other twice (a 3 KB answer took 6 s), and a text of 80,000 spaces took 2.3 s
// to tell from a time in the answer's shape. Timed in Node, as the reader's rows (reader-bench.ts).
import { performance } from 'node:perf_hooks';
import { describeShape } from '../../lib/api/answer-shape';
import { readContactList } from '../../lib/api/readers/contacts';

const RUNS = 30;
const WARM = 5;

/** The median milliseconds of `run` on a fresh copy of `body` (a body's folded copy is made once per object). */
function medianMs(body: unknown, run: (body: unknown) => void, fresh = true): number {
  const times: number[] = [];
  for (let i = 0; i < WARM + RUNS; i++) {
    const copy = fresh ? structuredClone(body) : body;
    const start = performance.now();
    run(copy);
    if (i >= WARM) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const ref = (type: string, id: string) => ({ data: { type, id } });

/**
 * About 1 MB of JSON:API (1.2 million characters): 100 contacts naming 20 of 1,000 included records each, every included
 * record naming the next 20 (so each is reached by many paths, 20 times over at each level).
 */
function nestedReferences(): Record<string, unknown> {
  const RECORDS = 1000;
  const FAN = 20;
  const names = (from: number) => Object.fromEntries(Array.from({ length: FAN }, (_, j) => [`link${j}`, ref('links', `r${(from + j) % RECORDS}`)]));
  const data = Array.from({ length: 100 }, (_, i) => ({
    type: 'contacts',
    id: `ld_${i}`,
    attributes: { firstname: `Ada${i}`, lastname: 'Lovelace', company: 'Analytical Engines' },
    relationships: names(i * 7),
  }));
  const included = Array.from({ length: RECORDS }, (_, i) => ({
    type: 'links',
    id: `r${i}`,
    attributes: { name: `record ${i}`, note: 'x'.repeat(80) },
    relationships: names(i + 1),
  }));
  return { data, included, meta: { total: 100 } };
}

/** 100 contacts naming one of 10 agents, each agent naming all its contacts back, and each contact itself. */
function cyclicIncluded(): Record<string, unknown> {
  const contact = (i: number) => ({ type: 'contacts', id: `ld_${i}` });
  const data = Array.from({ length: 100 }, (_, i) => ({
    ...contact(i),
    attributes: { firstname: `Ada${i}`, lastname: 'Lovelace' },
    relationships: { agent: ref('agents', `ag_${i % 10}`), self: { data: contact(i) } },
  }));
  const included = Array.from({ length: 10 }, (_, a) => ({
    type: 'agents',
    id: `ag_${a}`,
    attributes: { name: `Agent ${a}` },
    relationships: { contacts: { data: Array.from({ length: 10 }, (_, j) => contact(a + 10 * j)) } },
  }));
  return { data, included };
}

function readAll(body: unknown): void {
  const read = readContactList(body, { page: 1, perPage: 100 });
  if (read.contacts.length !== 100) throw new Error(`read ${read.contacts.length} contacts of 100`);
}

/** Milliseconds (median of 30) to read each answer built to make the rules work without end, and to describe the shapes. */
export function boundsTimes(): { nested: number; cyclic: number; spaces: number; megabyte: number } {
  const nested = nestedReferences();
  const spaces = { data: { note: `${' '.repeat(80_000)}x` } };
  return {
    nested: medianMs(nested, readAll),
    cyclic: medianMs(cyclicIncluded(), readAll),
    spaces: medianMs(spaces, describeShape, false),
    megabyte: medianMs(nested, describeShape, false),
  };
}
