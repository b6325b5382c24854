import { t } from '../../lib/extension/i18n';
import { readyWords } from '../../lib/invitations/ready-words';
import type { ReadyCount } from '../../lib/store/shapes';
import { readyCountItem } from '../../lib/store/storage';
import { useStored } from './use-stored';

/** The badge's count (lib/invitations/ready-count.ts), as the background stored it with the badge: null before it ever did. */
export const useReadyCount = (): ReadyCount | null => useStored(readyCountItem, null);

/**
 * "11 invitations ready · 2 wait for Salons Lyon to resume": the badge's tooltip's words; none ready
 * before the background first counted (it does at each poll, from the first after an update).
 */
export const readyText = (count: ReadyCount | null): string => readyWords(count ?? { ready: 0, more: false, waiting: [] }, t).join(' · ');

/** The ready line of the popup and the desk: the same number and words as the badge and the options page. */
export function ReadyLine() {
  const count = useReadyCount();
  // Nothing rather than a "0" for the instant before storage answers.
  return count && <span class="ready-line">{readyText(count)}</span>;
}
