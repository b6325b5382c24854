// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { WorkBeside } from '../../../components/popup/work-beside';
import { BackendContext, type Backend, messagingBackend } from '../../../components/shared/backend';
import { getMessageFrom, loadMessages } from '../../helpers/messages';

afterEach(cleanup);

function renderWith(deskOpener: Backend['deskOpener']) {
  const backend: Backend = { ask: vi.fn() as Backend['ask'], requestOrigin: async () => false, openOptions: () => {}, ...(deskOpener ? { deskOpener } : {}) };
  render(
    <BackendContext.Provider value={backend}>
      <WorkBeside />
    </BackendContext.Provider>,
  );
}

describe('Work beside the page', () => {
  it('opens the desk within the click, then the popup closes', async () => {
    const open = vi.fn(async () => {});
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    renderWith(async () => open);
    fireEvent.click(await screen.findByRole('button', { name: 'Work beside the page' }));
    expect(open).toHaveBeenCalledOnce();
    await waitFor(() => expect(close).toHaveBeenCalled());
  });

  it('says why when the browser refused, in French too', async () => {
    fakeBrowser.i18n.getMessage = getMessageFrom(loadMessages('fr')) as typeof fakeBrowser.i18n.getMessage;
    renderWith(async () => () => Promise.reject(new Error('`sidePanel.open()` may only be called in response to a user gesture.')));
    fireEvent.click(await screen.findByRole('button', { name: 'Travailler à côté de la page' }));
    await waitFor(() => expect(screen.getByText(/Détails|Details/)).toBeTruthy());
  });

  it('is not offered where the browser has no desk to open', async () => {
    renderWith(async () => null);
    renderWith(undefined);
    await new Promise((r) => setTimeout(r, 10));
    expect(screen.queryByRole('button')).toBeNull();
  });

  describe('in a window of the popup type (the demo’s popup window, the add form’s)', () => {
    /** The messaging backend over a browser whose current window is a popup window (7); the browser window is 3. */
    const inPopupWindow = (desk: { sidePanel?: { open(o: { windowId: number }): Promise<void> }; sidebarAction?: { open(): Promise<void> } }) => {
      const backend = messagingBackend({
        ...desk,
        runtime: { sendMessage: async () => null, openOptionsPage: async () => {}, getURL: (p) => p },
        permissions: { request: async () => false },
        tabs: { create: async () => null },
        windows: { getCurrent: async () => ({ id: 7, type: 'popup' }), getLastFocused: async () => ({ id: 3, type: 'normal' }) },
      });
      render(
        <BackendContext.Provider value={backend}>
          <WorkBeside />
        </BackendContext.Provider>,
      );
    };

    it('Chrome: opens the side panel of the browser window, which has one, not of the popup window', async () => {
      const open = vi.fn(async () => {});
      vi.spyOn(window, 'close').mockImplementation(() => {});
      inPopupWindow({ sidePanel: { open } });
      fireEvent.click(await screen.findByRole('button', { name: 'Work beside the page' }));
      expect(open).toHaveBeenCalledWith({ windowId: 3 });
    });

    it('Firefox: is not offered, its sidebar opening only in the window of the click', async () => {
      inPopupWindow({ sidebarAction: { open: async () => {} } });
      await new Promise((r) => setTimeout(r, 10));
      expect(screen.queryByRole('button')).toBeNull();
    });
  });
});
