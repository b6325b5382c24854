// The address of the network's Sent invitations page, apart from the page's reader: the background
// checks a tab's address (as the browser reports it) with this alone, without the reader's bytes.
import { NETWORK_ORIGIN } from '../../extension/manifest';

export const SENT_PATH = /^\/mynetwork\/invitation-manager\/sent(?:\/|$)/i;

/** The path of an address (a relative href is the network's) on the network's https hosts, else undefined. */
export function pathOf(href: string | null | undefined): string | undefined {
  try {
    const url = new URL(href ?? '', NETWORK_ORIGIN);
    const host = url.hostname.toLowerCase();
    return url.protocol === 'https:' && (host === 'linkedin.com' || host.endsWith('.linkedin.com')) ? url.pathname : undefined;
  } catch {
    return undefined;
  }
}

/** Whether an address is the network's Sent invitations page (any country host, query and fragment aside). */
export const isSentAddress = (url: string | null | undefined): boolean => SENT_PATH.test(pathOf(url) ?? '');
