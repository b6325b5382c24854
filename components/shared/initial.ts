// What the popup and the desk paint first, read from storage before they render (the popup's
// early read, the desk's entry): one shape for both faces of the queue.
import type { AccountSnapshot, ActionsSnapshot, Settings, SyncStatus } from '../../lib/store/storage';

export interface PopupInitial {
  snapshot: ActionsSnapshot | null;
  status: SyncStatus;
  account: AccountSnapshot | null;
  settings: Settings;
}
