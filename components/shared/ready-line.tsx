import type { Account } from '../../lib/api/schemas';
import { t } from '../../lib/extension/i18n';
import { readyCount, readyWords, type ReadyCount } from '../../lib/invitations/ready-count';
import { EMPTY_OUTBOX } from '../../lib/outbox/outbox';
import { outboxView } from '../../lib/outbox/store';
import { moreActionsItem, type ActionsSnapshot } from '../../lib/store/storage';
import { useStored } from './use-stored';

/** The ready count of lib/invitations/ready-count.ts, as the badge has it, kept current from storage. */
export function useReadyCount(snapshot: ActionsSnapshot | null, account: Account | undefined): ReadyCount {
  const beyond = useStored(moreActionsItem, null);
  const outbox = useStored(outboxView, EMPTY_OUTBOX);
  return readyCount(snapshot, beyond, account?.agents, outbox.entries, Date.now());
}

/** "11 invitations ready · 2 wait for Salons Lyon to resume": the badge's tooltip's words. */
export const readyText = (count: ReadyCount): string => readyWords(count, t).join(' · ');

/** The ready line of the popup and the desk: the same number and words as the badge and the options page. */
export function ReadyLine({ snapshot, account }: { snapshot: ActionsSnapshot | null; account: Account | undefined }) {
  return <span class="ready-line">{readyText(useReadyCount(snapshot, account))}</span>;
}
