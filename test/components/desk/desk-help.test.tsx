// @vitest-environment happy-dom
// The desk's Help and keys shows the browser's shortcuts as commands.getAll() reports them, never
// the manifest's suggestions, and where to set one the browser left unset.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DeskHelp } from '../../../components/desk/desk-help';
import { type Backend, BackendContext } from '../../../components/shared/backend';
import type { CommandKey } from '../../../lib/extension/shortcuts';
import { getMessageFrom, loadMessages } from '../../helpers/messages';

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

/** A background that answers only the shortcuts, with what the test says the browser set. */
function helpOver(reported: { current: CommandKey[] }) {
  const ask = vi.fn(async () => reported.current);
  const backend = { ask, requestOrigin: async () => true, openOptions: () => {} } as unknown as Backend;
  render(
    <BackendContext.Provider value={backend}>
      <DeskHelp />
    </BackendContext.Provider>,
  );
  return ask;
}

function inFrench() {
  fakeBrowser.i18n.getMessage = getMessageFrom(loadMessages('fr')) as typeof fakeBrowser.i18n.getMessage;
  fakeBrowser.i18n.getUILanguage = () => 'fr';
}

const list = (name: RegExp) => screen.getByRole('list', { name });

describe('the desk’s help', () => {
  it('shows the key the browser set for each shortcut, whatever the manifest suggested', async () => {
    helpOver({
      current: [
        { name: 'focus-panel', shortcut: 'Alt+Shift+K' },
        { name: 'open-next', shortcut: 'Ctrl+Shift+Y' },
        { name: 'open-desk', shortcut: 'Alt+Shift+U' },
        { name: '_execute_action', shortcut: '' },
      ],
    });
    await waitFor(() => expect(list(/From the page/).textContent).toContain('Ctrl+Shift+Y: Open the next ready invitation and prepare it'));
    const items = [...list(/From the page/).querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual([
      'Alt+Shift+K: Focus the invitation assistant on this profile',
      'Ctrl+Shift+Y: Open the next ready invitation and prepare it',
      'Alt+Shift+U: Open the desk beside the page',
      'To change them: chrome://extensions/shortcuts (Keyboard shortcuts).',
    ]);
  });

  it('says a shortcut the browser left unset is not set, and where to set it (Chrome)', async () => {
    helpOver({ current: [{ name: 'focus-panel', shortcut: 'Alt+Shift+K' }, { name: 'open-next', shortcut: '' }, { name: 'open-desk' }] });
    await waitFor(() => expect(list(/From the page/).querySelectorAll('li')).toHaveLength(3));
    const text = list(/From the page/).textContent;
    expect(text).toContain('Open the next ready invitation and prepare it: no key set');
    expect(text).toContain('Open the desk beside the page: no key set');
    expect(text).toContain('Choose one in chrome://extensions/shortcuts (Keyboard shortcuts).');
    // No key is made up: neither the old advertised one nor the suggested one.
    expect(text).not.toMatch(/Alt\+Shift\+[NDJU]/);
  });

  it('in Firefox, names about:addons’ Manage Extension Shortcuts', async () => {
    // A string: vi.stubEnv takes no boolean but for its own keys; the component reads it as truthy.
    vi.stubEnv('FIREFOX', 'true');
    helpOver({ current: [{ name: 'open-next', shortcut: '' }] });
    await waitFor(() => expect(list(/From the page/).textContent).toContain('Open the next ready invitation and prepare it: no key set'));
    expect(list(/From the page/).textContent).toContain('Choose one in about:addons → the gear → Manage Extension Shortcuts.');
  });

  it('says it in French, Shift as Maj', async () => {
    inFrench();
    helpOver({
      current: [
        { name: 'focus-panel', shortcut: 'Alt+Shift+K' },
        { name: 'open-next', shortcut: '' },
        { name: 'open-desk', shortcut: 'Alt+Shift+U' },
      ],
    });
    await waitFor(() => expect(list(/Depuis la page/).querySelectorAll('li')).toHaveLength(3));
    const items = [...list(/Depuis la page/).querySelectorAll('li')].map((li) => li.textContent);
    expect(items[0]).toBe('Alt+Maj+K : Placer le focus sur l’assistant d’invitation de ce profil');
    expect(items[1]).toMatch(
      /^Ouvrir la prochaine invitation prête et la préparer : aucun raccourci défini.*Choisissez-en un dans chrome:\/\/extensions\/shortcuts \(Raccourcis clavier\)\.$/,
    );
    expect(items[2]).toBe('Alt+Maj+U : Ouvrir le bureau à côté de la page');
  });

  it('reads the keys again when the help is opened: one set in the browser meanwhile shows', async () => {
    const reported = { current: [{ name: 'open-next', shortcut: '' }] as CommandKey[] };
    helpOver(reported);
    await waitFor(() => expect(list(/From the page/).textContent).toContain('no key set'));
    reported.current = [{ name: 'open-next', shortcut: 'Alt+Shift+J' }];
    const details = screen.getByText('Help and keys').closest('details')!;
    details.open = true;
    // happy-dom fires toggle as the browser does; a second one would only read again.
    fireEvent(details, new Event('toggle'));
    await waitFor(() => expect(list(/From the page/).textContent).toContain('Alt+Shift+J: Open the next ready invitation and prepare it'));
  });
});
