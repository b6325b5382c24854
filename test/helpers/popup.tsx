import { render } from '@testing-library/preact';
import { PopupApp, type PopupInitial } from '../../components/popup/popup-app';
import { BackendContext, type Backend } from '../../components/shared/backend';
import { accountItem, actionsItem, settingsItem, syncStatusItem } from '../../lib/store/storage';

/** What the popup paints first, read from storage as its entry reads it. */
export async function storedInitial(): Promise<PopupInitial> {
  return {
    snapshot: await actionsItem.getValue(),
    status: await syncStatusItem.getValue(),
    account: await accountItem.getValue(),
    settings: await settingsItem.getValue(),
  };
}

/** The popup as it opens, over what storage holds, asking `backend`. */
export async function renderPopup(wired: { backend: Backend }) {
  return render(
    <BackendContext.Provider value={wired.backend}>
      <PopupApp initial={await storedInitial()} />
    </BackendContext.Provider>,
  );
}
