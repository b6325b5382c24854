import type { SyncStatus } from '../store/storage';
import type { ReadyCount } from '../store/shapes';
import { readyBadgeText } from './ready-count';
import { readyWords } from './ready-words';

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

/**
 * The toolbar's badge: the invitations ready now (lib/invitations/ready-count.ts, the figure every
 * page shows), its tooltip in the popup's words, those whose agent waits said apart.
 */
export function badgeFor(status: SyncStatus, count: ReadyCount, t: Translate): Badge {
  const text = readyBadgeText(count);
  const words = readyWords(count, t).join(' · ');
  switch (status.state) {
    case 'not-set-up':
      return { text: '?', color: BADGE_COLORS.setup, title: t('badge.notSetUp') };
    case 'key-rejected':
      return { text: '!', color: BADGE_COLORS.rejected, title: t('badge.keyRejected') };
    case 'offline':
    case 'error':
      return { text: text || '…', color: BADGE_COLORS.stale, title: t(status.state === 'offline' ? 'badge.offline' : 'badge.error', [words]) };
    default:
      return {
        text,
        color: BADGE_COLORS.ready,
        title: text || count.waiting.length ? t('badge.ready', [words]) : t('badge.none'),
      };
  }
}

/**
 * The badge of one tab: the toolbar's own, or, on a profile whose invitation is ready (and the list
 * can be trusted: set up, key accepted), a mark of its own. Only the person sees it: the page cannot.
 */
export function tabBadge(global: Badge, status: SyncStatus, count: ReadyCount, readyHere: boolean, t: Translate): Badge {
  if (!readyHere || status.state === 'not-set-up' || status.state === 'key-rejected') return global;
  return { text: HERE_TEXT, color: BADGE_COLORS.here, title: t('badge.readyHere', [readyBadgeText(count) || '1']) };
}
