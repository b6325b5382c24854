// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UpdateNotice } from '../../../components/shared/update-notice';
import { updateNoticeItem } from '../../../lib/store/storage';

afterEach(cleanup);

describe('the notice after the Firefox update that stopped trusting page-written storage', () => {
  it('says what was turned off and cleared, offers the settings, and goes for good once dismissed', async () => {
    await updateNoticeItem.setValue({ at: 1, sendTurnedOff: true, limitsReset: false, draftsCleared: 2 });
    const openSettings = vi.fn();
    render(<UpdateNotice onOpenSettings={openSettings} />);
    expect(await screen.findByText(/Automatic Send is off/)).toBeTruthy();
    expect(screen.getByText(/2 notes you had edited but not saved were cleared/)).toBeTruthy();
    expect(screen.queryByText(/weekly cap/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open settings' }));
    expect(openSettings).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(await updateNoticeItem.getValue()).toBeNull();
  });

  it('shows nothing when the update changed nothing', async () => {
    const { container } = render(<UpdateNotice />);
    await new Promise((r) => setTimeout(r, 10));
    expect(container.textContent).toBe('');
  });
});
