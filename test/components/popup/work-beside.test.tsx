// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { WorkBeside } from '../../../components/popup/work-beside';
import { BackendContext, type Backend } from '../../../components/shared/backend';
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
});
