// @vitest-environment happy-dom
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { PageBackend } from '../../../components/shared/backend';
import { NoteEditor } from '../../../components/shared/note-editor';
import { RequestFailed } from '../../../lib/messaging/ask';

afterEach(cleanup);

describe('note editor', () => {
  it('says a refused save in plain words, with the technical detail behind Details', async () => {
    const backend: PageBackend = {
      ask: () => Promise.reject(new RequestFailed({ kind: 'service', message: '<html><style>p{}</style><h1>Forbidden</h1></html>', status: 403 })),
    };
    const { container } = render(<NoteEditor backend={backend} actionId="a1" note={null} />);
    fireEvent.input(screen.getByRole('textbox', { name: 'Note' }), { target: { value: 'Bonjour' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save note' }));
    const status = await screen.findByText(/does not allow this with your API key/);
    expect(status.textContent).not.toMatch(/[<>]|Forbidden/);
    const details = container.querySelector('details')!;
    expect(details.querySelector('summary')?.textContent).toBe('Details');
    expect(details.querySelector('code')?.textContent).toBe('service (HTTP 403): Forbidden');
  });

  it('shows its details without preact/hooks, which the in-page panel does not ship', () => {
    // The editor's own imports among the shared components, followed to the end.
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, 'utf8');
      expect([file, source.includes("from 'preact/hooks'")]).toEqual([file, false]);
      for (const m of source.matchAll(/from '(\.\/[\w-]+)'/g)) {
        for (const ext of ['.tsx', '.ts']) {
          const next = resolve(dirname(file), m[1]! + ext);
          if (existsSync(next)) visit(next);
        }
      }
    };
    visit(resolve('components/shared/note-editor.tsx'));
    expect([...seen].some((f) => f.endsWith('error-details.tsx'))).toBe(true);
  });

  it.each([
    ['en', 'Bonjour Camille, je serais ravie d’échanger avec vous sur vos projets.', 'fr'],
    ['fr', 'Hi Hélène, I would love to connect and hear about your work.', 'en'],
    ['en', '', 'en'],
    ['fr', '', 'fr'],
  ])('declares the note’s language to the spell checker (browser in %s): “%s” is %s', (ui, note, lang) => {
    fakeBrowser.i18n.getUILanguage = () => ui;
    const backend: PageBackend = { ask: async () => ({ state: 'saved' }) as never };
    render(<NoteEditor backend={backend} actionId="a1" note={note || null} />);
    expect(screen.getByRole('textbox', { name: 'Note' }).getAttribute('lang')).toBe(lang);
  });

  it('follows the note as it is typed: French words make it French', () => {
    fakeBrowser.i18n.getUILanguage = () => 'en-US';
    const backend: PageBackend = { ask: async () => ({ state: 'saved' }) as never };
    render(<NoteEditor backend={backend} actionId="a1" note={null} />);
    const box = screen.getByRole('textbox', { name: 'Note' });
    expect(box.getAttribute('lang')).toBe('en-US');
    fireEvent.input(box, { target: { value: 'Merci pour votre message' } });
    expect(box.getAttribute('lang')).toBe('fr');
  });
});
