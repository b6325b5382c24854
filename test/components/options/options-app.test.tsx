// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { RequestFailed } from '../../../lib/messaging/ask';
import { apiKeyItem, settingsItem } from '../../../lib/store/storage';
import { sandboxBackend } from '../../helpers/backend';
import { renderOptionsAt } from '../../helpers/options';
import { configure } from '../../helpers/controller';
import { DEMO_KEY } from '../../sandbox/seed';

afterEach(cleanup);

/** Opens the options page at a view (#settings by default) and waits until that view shows. */
async function renderOptions(wired: ReturnType<typeof sandboxBackend>, hash = '#settings') {
  const rendered = await renderOptionsAt(wired, hash);
  return rendered;
}

/** Waits until the page has read what is saved (the address shows), as a person would before typing. */
async function loaded() {
  await waitFor(() => expect((screen.getByLabelText('Service URL') as HTMLInputElement).value).not.toBe(''));
  // The settings fold under Advanced, as a person finds them.
  fireEvent.click(await screen.findByRole('button', { name: 'Advanced' }));
  await waitFor(() => expect(screen.queryByLabelText('Check every')).not.toBeNull());
}

function fill(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

describe('options: credentials', () => {
  it('masks the key, and Show/Hide toggles it', async () => {
    await renderOptions(sandboxBackend());
    const key = screen.getByLabelText('API key') as HTMLInputElement;
    expect(key.type).toBe('password');
    const toggle = screen.getByRole('button', { name: 'Show' });
    fireEvent.click(toggle);
    expect(key.type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide' }).getAttribute('aria-pressed')).toBe('true');
  });

  it("asks for the service origin's permission, then saves and forgets the typed key, and starts the connection check, spread out", async () => {
    const wired = sandboxBackend();
    await renderOptions(wired);
    fill('Service URL', 'https://app.service.example/api/api/');
    fill('API key', DEMO_KEY);
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await screen.findByText('Connected. The key works and the extension now checks for invitations.');
    expect(wired.backend.requestOrigin).toHaveBeenCalledWith('https://app.service.example/*');
    expect(await apiKeyItem.getValue()).toBe(DEMO_KEY);
    expect((await settingsItem.getValue()).baseUrl).toBe('https://app.service.example');
    expect((screen.getByLabelText('API key') as HTMLInputElement).value).toBe('');
    expect(screen.getByText(`A key ending in ${DEMO_KEY.slice(-4)} is saved. Leave the field empty to keep it.`)).toBeTruthy();
    await screen.findByText(/Reading the answers: \d+ of 14, one every 4 s/);
    expect(screen.getByRole('table', { name: 'What the extension can read' })).toBeTruthy();
  });

  it('asks for the key again, saying why, when only the address changes to another origin: nothing is asked or sent', async () => {
    const wired = sandboxBackend();
    await configure();
    await renderOptions(wired);
    await waitFor(() => expect((screen.getByLabelText('Service URL') as HTMLInputElement).value).not.toBe(''));
    const requests = wired.sandbox.log.length;
    fill('Service URL', 'https://moved.service.example');
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('a key is sent only to the service it was entered for. Type the key again to use https://moved.service.example');
    expect(wired.backend.requestOrigin).not.toHaveBeenCalled();
    expect(wired.sandbox.log.length).toBe(requests);
    expect((await settingsItem.getValue()).baseUrl).toBe('http://127.0.0.1:8787');
  });

  it('saves nothing when the permission is refused', async () => {
    const wired = sandboxBackend({ grant: false });
    await renderOptions(wired);
    fill('Service URL', 'https://app.service.example');
    fill('API key', DEMO_KEY);
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await screen.findByText('Access to https://app.service.example was not granted, so nothing was saved.');
    expect(await apiKeyItem.getValue()).toBeNull();
  });

  it('says so when the saved settings cannot be read from the background', async () => {
    const wired = sandboxBackend();
    const real = wired.backend.ask;
    wired.backend.ask = ((request) =>
      request.type === 'getCredentials' ? Promise.reject(new RequestFailed({ kind: 'timeout', message: 'no answer' })) : real(request)) as typeof real;
    await renderOptions(wired);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The service took too long to answer. Try again in a moment.');
    // The technical words wait behind Details.
    expect(within(alert).getByText('timeout: no answer').closest('details')).not.toBeNull();
  });

  it.each([
    ['', 'Enter the service URL.'],
    ['not a url', /This is not a web address/],
    ['http://service.example', /must start with https/],
  ])('refuses the address %j with a clear message and no request', async (url, message) => {
    const wired = sandboxBackend();
    await renderOptions(wired);
    fill('Service URL', url);
    fill('API key', 'k');
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(screen.getByText(message)).toBeTruthy();
    expect(wired.backend.requestOrigin).not.toHaveBeenCalled();
  });

  it('Connect with the saved key verifies it and lists the agents with status, active and internal note', async () => {
    const wired = sandboxBackend();
    await configure();
    await renderOptions(wired);
    await waitFor(() => expect((screen.getByLabelText('Service URL') as HTMLInputElement).value).toBe('http://127.0.0.1:8787'));
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await screen.findByText(/^Connected\./);
    const table = screen.getByRole('table', { name: 'Agents' });
    const paused = within(table).getByRole('row', { name: /Salons Lyon 2026/ });
    expect(paused.textContent).toContain('Paused');
    expect(paused.textContent).toContain('No');
    expect(paused.textContent).toContain('Événementiel');
    expect(screen.getByText('Account: Alex Martin · alex.martin@example.com · Demo Sales SAS')).toBeTruthy();
    expect(wired.sandbox.log.filter((l) => l.route === 'account')).toHaveLength(1);
  });

  it('says the key was rejected on 401', async () => {
    const wired = sandboxBackend();
    await configure('bad-key');
    await renderOptions(wired);
    await waitFor(() => expect((screen.getByLabelText('Service URL') as HTMLInputElement).value).not.toBe(''));
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await screen.findByText('The service rejected this API key.');
  });

  it('does not keep a new key the service rejects as if it worked', async () => {
    const wired = sandboxBackend();
    await configure();
    await renderOptions(wired);
    await waitFor(() => expect((screen.getByLabelText('Service URL') as HTMLInputElement).value).not.toBe(''));
    fill('API key', 'a-key-the-service-does-not-know');
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await screen.findByText('The service rejected this API key.');
    expect(await apiKeyItem.getValue()).toBe(DEMO_KEY);
  });

  it('keeps the address a person typed while the saved settings were still being read', async () => {
    const wired = sandboxBackend();
    await configure();
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const ask = wired.backend.ask;
    let reads = 0;
    // The page reads the credentials to choose its views; the form's own read answers late.
    wired.backend.ask = (async (request: Parameters<typeof ask>[0]) => {
      if (request.type === 'getCredentials' && ++reads > 1) await gate;
      return ask(request);
    }) as typeof ask;
    await renderOptions(wired);
    fill('Service URL', 'https://typed.example.com');
    release();
    // Another origin than the key's: the help says the key must be typed again for it.
    await screen.findByText(/saved key was entered for http:\/\/127\.0\.0\.1:8787.*Type the key again to use https:\/\/typed\.example\.com/);
    expect((screen.getByLabelText('Service URL') as HTMLInputElement).value).toBe('https://typed.example.com');
  });

  it('first offers one step, with one sentence on what to do and no error before anything was done', async () => {
    await renderOptions(sandboxBackend());
    await screen.findByText(/^One step to start/);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Advanced' })).toBeNull();
    expect(screen.queryByLabelText('Check every')).toBeNull();
  });
});

describe('options: weekly statistics and settings', () => {
  it('shows the week as a chart with a table of the same figures', async () => {
    const wired = sandboxBackend();
    await configure();
    await renderOptions(wired, '#invitations');
    const table = await screen.findByRole('table', { name: 'Invitations sent per day' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(7);
    const total = rows.reduce((s, r) => s + Number(r.querySelector('td')!.textContent), 0);
    expect(screen.getByRole('img', { name: `${total} invitations sent in the last 7 days` })).toBeTruthy();
  });

  it('saves the poll period and agent filter', async () => {
    const wired = sandboxBackend();
    await configure();
    await renderOptions(wired);
    await loaded();
    fireEvent.change(screen.getByLabelText('Check every'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Settings saved.');
    expect((await settingsItem.getValue()).pollMinutes).toBe(5);
    expect(wired.platform.schedulePoll).toHaveBeenCalledWith(5);
  });

  it('keeps auto-send off by default, and saves it with a weekly cap it validates', async () => {
    const wired = sandboxBackend();
    await configure();
    await renderOptions(wired);
    await loaded();
    const auto = screen.getByLabelText('Let the assistant press Send after I confirm in the panel') as HTMLInputElement;
    expect(auto.checked).toBe(false);
    fill('Weekly invitation cap', '0');
    expect(screen.getByText('Enter a whole number from 1 to 1000.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save settings' }) as HTMLButtonElement).disabled).toBe(true);
    fill('Weekly invitation cap', '60');
    fireEvent.click(auto);
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Settings saved.');
    expect(await settingsItem.getValue()).toMatchObject({ autoSend: true, weeklyCap: 60 });
  });

  it('saves when an invitation is old and how many withdrawals a minute, refusing numbers out of range', async () => {
    const wired = sandboxBackend();
    await configure();
    await renderOptions(wired);
    await loaded();
    expect((screen.getByLabelText('Days after which a pending invitation is old') as HTMLInputElement).value).toBe('21');
    expect((screen.getByLabelText('Withdrawals a minute, at most') as HTMLInputElement).value).toBe('5');
    fill('Withdrawals a minute, at most', '21');
    expect(screen.getByText('Enter a whole number from 1 to 20.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save settings' }) as HTMLButtonElement).disabled).toBe(true);
    fill('Withdrawals a minute, at most', '2');
    fill('Days after which a pending invitation is old', '14');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Settings saved.');
    expect(await settingsItem.getValue()).toMatchObject({ oldAfterDays: 14, withdrawalsPerMinute: 2 });
  });
});

describe('options: request budget', () => {
  it('shows reads, writes and verifications with limit, used and remaining, and the service figures', async () => {
    const wired = sandboxBackend();
    await configure();
    await wired.controller.poll();
    await renderOptions(wired);
    await loaded();
    const table = await screen.findByRole('table', { name: /Requests this extension made/ });
    const reads = within(table).getByRole('row', { name: /Reads/ });
    expect(reads.textContent).toMatch(/Reads \(per minute\)30\d/);
    expect(within(table).getByRole('row', { name: /Key verifications/ }).textContent).toContain('75');
    expect(await screen.findByText(/The service's last count: limit 100/)).toBeTruthy();
  });
});
