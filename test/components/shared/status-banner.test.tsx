// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatusBanner } from '../../../components/shared/status-banner';
import { type Backend, BackendContext } from '../../../components/shared/backend';
import { PermissionMissingError, serializeError } from '../../../lib/api/errors';
import type { SyncStatus } from '../../../lib/store/storage';

afterEach(cleanup);

function show(status: SyncStatus) {
  const backend = { openOptions: vi.fn() };
  render(
    <BackendContext.Provider value={backend as unknown as Backend}>
      <StatusBanner status={status} fetchedAt={undefined} />
    </BackendContext.Provider>,
  );
  return backend;
}

describe('popup status banner', () => {
  it('says once which address may not be reached, and that Connect in the settings grants it', () => {
    const backend = show({ state: 'error', at: Date.now(), error: serializeError(new PermissionMissingError('https://app.example.com')) });
    const banner = screen.getByRole('status');
    expect(banner.querySelector('p')?.textContent).toBe(
      'The extension is not allowed to reach https://app.example.com. In the settings, press Connect to allow it.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open settings' }));
    expect(backend.openOptions).toHaveBeenCalled();
  });

  it('keeps the technical detail of the last failure behind Details, not in the sentence', () => {
    show({ state: 'error', at: Date.now(), error: { kind: 'server', message: 'Bad gateway', status: 502 } });
    const banner = screen.getByRole('status');
    expect(banner.querySelector('p')?.textContent).toBe('The service has a problem right now. Try again in a few minutes.');
    expect(banner.querySelector('details summary')?.textContent).toBe('Details');
    expect(banner.querySelector('details code')?.textContent).toBe('server (HTTP 502): Bad gateway');
  });
});
