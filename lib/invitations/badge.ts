import type { ActionsSnapshot, SyncStatus } from '../store/storage';

export interface Badge {
  text: string;
  color: string;
  title: string;
}

/** Translates a message key with optional substitutions; the background passes lib/extension/i18n's t. */
export type Translate = (key: string, substitutions?: (string | number)[]) => string;

const BADGE_COLORS = { ready: '#0a66c2', setup: '#6b7280', rejected: '#b91c1c', stale: '#b45309', here: '#137333' } as const;

/** The badge text of a tab that shows a profile whose invitation is ready. */
export const HERE_TEXT = '●';

/** The count shown on the toolbar: "25+" when the last page was full. */
export function countText(snapshot: ActionsSnapshot | null): string {
  // Ready records without an id count too: the badge says what waits, markable here or not.
  const n = (snapshot?.actions.length ?? 0) + (snapshot?.unidentified?.length ?? 0);
  if (n === 0) return '';
  return snapshot?.full ? `${n}+` : String(n);
}

export function badgeFor(status: SyncStatus, snapshot: ActionsSnapshot | null, t: Translate): Badge {
  const count = countText(snapshot);
  switch (status.state) {
    case 'not-set-up':
      return { text: '?', color: BADGE_COLORS.setup, title: t('badge.notSetUp') };
    case 'key-rejected':
      return { text: '!', color: BADGE_COLORS.rejected, title: t('badge.keyRejected') };
    case 'offline':
    case 'error':
      return {
        text: count || '…',
        color: BADGE_COLORS.stale,
        title: t(status.state === 'offline' ? 'badge.offline' : 'badge.error', [count || '0']),
      };
    default:
      return {
        text: count,
        color: BADGE_COLORS.ready,
        title: count ? t('badge.ready', [count]) : t('badge.none'),
      };
  }
}

/**
 * The badge of one tab: the toolbar's own, or, on a profile whose invitation is ready (and the list
 * can be trusted: set up, key accepted), a mark of its own. Only the person sees it: the page cannot.
 */
export function tabBadge(global: Badge, status: SyncStatus, snapshot: ActionsSnapshot | null, readyHere: boolean, t: Translate): Badge {
  if (!readyHere || status.state === 'not-set-up' || status.state === 'key-rejected') return global;
  return { text: HERE_TEXT, color: BADGE_COLORS.here, title: t('badge.readyHere', [countText(snapshot) || '1']) };
}
