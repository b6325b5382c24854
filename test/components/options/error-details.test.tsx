// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import type { ComponentChildren } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { RateStatusView } from '../../../components/options/rate-status-view';
import { SettingsForm } from '../../../components/options/settings-form';
import { type Backend, BackendContext } from '../../../components/shared/backend';
import type { SerializedApiError } from '../../../lib/api/errors';
import { RequestFailed } from '../../../lib/messaging/ask';
import { DEFAULT_SETTINGS } from '../../../lib/store/storage';

afterEach(cleanup);

/** A background that refuses every request with `error`. */
function refusing(error: SerializedApiError, children: ComponentChildren) {
  const backend = { ask: () => Promise.reject(new RequestFailed(error)), requestOrigin: async () => true, openOptions: () => undefined };
  return render(<BackendContext.Provider value={backend as unknown as Backend}>{children}</BackendContext.Provider>);
}

const CRASH: SerializedApiError = { kind: 'internal', message: "TypeError: Cannot read properties of undefined (reading 'cap')" };

async function expectPlainWordsWithDetails() {
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Something went wrong in the extension.');
  const summary = screen.getByText('Details');
  expect(summary.tagName).toBe('SUMMARY');
  expect(summary.parentElement?.textContent).toContain('internal: TypeError: Cannot read properties');
  expect(alert.querySelector('span')?.textContent).not.toContain('TypeError');
}

describe('options errors in plain words, the detail behind Details', () => {
  it('when the settings cannot be saved', async () => {
    refusing(CRASH, <SettingsForm settings={DEFAULT_SETTINGS} account={undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await expectPlainWordsWithDetails();
  });

  it('when the request budget cannot be read', async () => {
    refusing(CRASH, <RateStatusView />);
    await expectPlainWordsWithDetails();
  });
});
