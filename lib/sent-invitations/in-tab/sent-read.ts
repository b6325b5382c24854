// What the network's Sent invitations page lists, read in its tab for the desk (entrypoints/
// sent-read.ts): the rows the reader is sure of, each with the one profile it links to. Reading only.
import { waitFor } from '../../page/assist/wait';
import { findSentRow, readSentPage, type SentPage } from '../../page/reader/sent-page';
import type { SentPageRow } from '../old';
import { openSlot } from './slot';

export interface SentPageReading {
  isSentPage: boolean;
  state: SentPage['state'];
  /** The rows sure of their person, a profile claimed by one row only. */
  rows: SentPageRow[];
}

/** A page still drawing its list is given this long. */
export const LIST_WAIT_MS = 5_000;

function sentRows(page: SentPage): SentPageRow[] {
  return page.rows.flatMap((r) => (r.slug && findSentRow(page, r.slug).row === r ? [{ slug: r.slug, name: r.name, days: r.age?.days }] : []));
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
