// What the network's Sent invitations page lists, read in its tab for the desk (entrypoints/
// sent-read.ts): the rows the reader is sure of, each with the one profile it links to. Reading only.
import { waitFor } from '../../page/assist/wait';
import { sameName } from '../../page/reader/identity';
import { SENT } from '../../page/reader/labels';
import { findSentRow, readSentPage, type SentPage, type SentRow } from '../../page/reader/sent-page';
import type { SentPageRow } from '../old';
import { LIST_WAIT_MS, openSlot } from './slot';

export interface SentPageReading {
  isSentPage: boolean;
  state: SentPage['state'];
  /** The rows sure of their person, a profile claimed by one row only. */
  rows: SentPageRow[];
}

/** At most this many rows are said, and this many characters of a name or a headline: the page's size is the page's to choose. */
const MAX_ROWS = 500;
const MAX_TEXT = 300;

/** The words a row shows after its name, not its age nor its Withdraw's: its headline ("Head of Sales · Acme"). */
function headlineOf(row: SentRow): string | undefined {
  const walker = row.element.ownerDocument.createTreeWalker(row.element, 4 /* NodeFilter.SHOW_TEXT */);
  let named = false;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (!text || row.withdraw?.contains(node)) continue;
    if (!named) named = text === row.name;
    else if (text !== row.name && !SENT.sentVerb.test(text.toLowerCase())) return text.slice(0, MAX_TEXT);
  }
  return undefined;
}

/** The rows sure of their person; a row whose name another row shows too carries its headline, to tell them apart. */
function sentRows(page: SentPage): SentPageRow[] {
  const sure = page.rows.filter((r) => r.slug && findSentRow(page, r.slug).row === r).slice(0, MAX_ROWS);
  return sure.map((r) => {
    const namesake = page.rows.some((o) => o !== r && o.name && sameName(o.name, r.name));
    return { slug: r.slug!, name: r.name.slice(0, MAX_TEXT), days: r.age?.days, ...(namesake ? { headline: headlineOf(r) } : {}) };
  });
}

/** The page's rows, once its list (or its empty state) is drawn, or as it is after a few seconds. */
async function readSentRows(doc: Document, address: string): Promise<SentPageReading> {
  const read = () => readSentPage(doc, address);
  const drawn = (page: SentPage) => !page.isSentPage || page.state === 'list' || page.state === 'empty';
  const page =
    (await waitFor(
      doc,
      () => {
        const now = read();
        return drawn(now) ? now : undefined;
      },
      LIST_WAIT_MS,
    )) ?? read();
  return { isSentPage: page.isSentPage, state: page.state, rows: sentRows(page) };
}

/** The script's run (entrypoints/sent-read.ts): the reading said through its slot on `world`. */
export function sentReadScript(world: object, doc: Document, address: string): void {
  const slot = openSlot<true, SentPageReading | null>(world, 'sent-read', null);
  void readSentRows(doc, address).then(slot.say);
}
