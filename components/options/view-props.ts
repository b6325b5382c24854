// What every options view is given: apart from the registry (views.ts), which imports each view,
// so that a view importing its props does not import the registry back.
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
