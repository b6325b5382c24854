// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { PopupApp } from '../../../components/popup/popup-app';
import { BackendContext } from '../../../components/shared/backend';
import { accountItem, actionsItem, settingsItem, syncStatusItem } from '../../../lib/storage';
import { sandboxBackend } from '../../helpers/backend';
import { configure } from '../../helpers/controller';

afterEach(cleanup);

async function openPopup(wired: ReturnType<typeof sandboxBackend>) {
  const initial = {
    snapshot: await actionsItem.getValue(),
    status: await syncStatusItem.getValue(),
    account: await accountItem.getValue(),
    settings: await settingsItem.getValue(),
  };
  return render(
    <BackendContext.Provider value={wired.backend}>
      <PopupApp initial={initial} />
    </BackendContext.Provider>,
  );
}

const reads = (wired: ReturnType<typeof sandboxBackend>) =>
  wired.sandbox.log.filter((l) => l.route === 'emailsToValidate' || l.route === 'lettersToValidate').length;

describe('popup: work waiting for validation', () => {
  it('says how many emails and letters wait, links to their views, and asks again only after 10 minutes', async () => {
    const wired = sandboxBackend();
    await configure();
    await wired.controller.poll();
    await openPopup(wired);
    const emails = await screen.findByRole('link', { name: /^\d+ emails? waits? for your validation$/ });
    expect(screen.getByRole('link', { name: /^\d+ letters? waits? for your validation$/ })).toBeTruthy();
    expect(reads(wired)).toBe(2);
    fireEvent.click(emails);
    expect(wired.backend.openOptions).toHaveBeenCalledWith('emails');
    cleanup();
    // Reopened within 10 minutes: the figures come from storage, no request.
    await openPopup(wired);
    await screen.findByRole('link', { name: /emails? waits? for your validation/ });
    expect(reads(wired)).toBe(2);
  });

  it('never asks the background poll for them', async () => {
    const wired = sandboxBackend();
    await configure();
    await wired.controller.poll();
    await wired.controller.poll(true);
    expect(reads(wired)).toBe(0);
  });
});
