// The options page's views: each its own chunk, loaded when first shown. Adding a view is one
// line here and its file in views/ (see docs/options-views.md).
import type { ComponentType } from 'preact';
import type { ViewId } from '../../lib/views/routes';
import type { ViewProps } from './view-props';

export type { ViewProps } from './view-props';

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
