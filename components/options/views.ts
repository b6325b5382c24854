// The options page's views: each its own chunk, loaded when first shown. Adding a view is one
// line here and its file in views/ (see docs/options-views.md).
import type { ComponentType } from 'preact';
import type { Account } from '../../lib/api/schemas';
import type { ViewId } from '../../lib/views/routes';

export interface ViewProps {
  /** The verified account (agents for filters), when known. */
  account: Account | undefined;
  /** When the account (its agents and their status) was read, epoch ms. */
  accountAt: number | undefined;
  /** Shows another view (links between views). */
  go(view: ViewId): void;
  /** The views the navigation offers. */
  offered: readonly ViewId[];
  /** The key was saved or checked again: the page learns whether it now has one. */
  onCredentials(hasKey: boolean): void;
}

type Loader = () => Promise<{ default: ComponentType<ViewProps> }>;

export const VIEWS: Partial<Record<ViewId, Loader>> = {
  overview: () => import('./views/overview-view'),
  invitations: () => import('./views/invitations-view'),
  contacts: () => import('./views/contacts-view'),
  agents: () => import('./views/agents-view'),
  emails: () => import('./views/emails-view'),
  letters: () => import('./views/letters-view'),
  blocklist: () => import('./views/blocklist-view'),
  meetings: () => import('./views/meetings-view'),
  settings: () => import('./views/settings-view'),
};
