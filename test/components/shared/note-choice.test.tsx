// @vitest-environment happy-dom
// A note not sent because the service's changed meanwhile (issue 51, item 2): the editor and the
// refused write's line show both notes and offer Keep mine, Take theirs, Edit mine, in English and French.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { PageBackend } from '../../../components/shared/backend';
import { NoteEditor } from '../../../components/shared/note-editor';
import { RequestFailed } from '../../../lib/messaging/ask';
import type { SerializedApiError } from '../../../lib/api/errors';
import { getMessageFrom, loadMessages } from '../../helpers/messages';

afterEach(cleanup);

const WORDS = {
  en: {
    save: 'Save note',
    keep: 'Keep mine',
    take: 'Take theirs',
    edit: 'Edit mine',
    said: /changed elsewhere since you opened it/,
    theirs: 'The note on the service now',
  },
  fr: {
    save: 'Enregistrer la note',
    keep: 'Garder la mienne',
    take: 'Prendre la leur',
    edit: 'Modifier la mienne',
    said: /modifiée ailleurs depuis que vous l’avez ouverte/,
    theirs: 'La note sur le service maintenant',
  },
} as const;

const changed: SerializedApiError = {
  kind: 'note-changed',
  message: 'The note changed on the service since it was opened',
  notes: { mine: 'Mine', theirs: 'Theirs', entryId: 'e1' },
};

/** An editor opened on "Old", whose first save is refused because the service now holds "Theirs". */
function refusedOnce(lang: 'en' | 'fr') {
  fakeBrowser.i18n.getMessage = getMessageFrom(loadMessages(lang)) as typeof fakeBrowser.i18n.getMessage;
  fakeBrowser.i18n.getUILanguage = () => lang;
  const asked: unknown[] = [];
  const ask = vi.fn(async (request: unknown) => {
    asked.push(request);
    if (asked.length === 1) throw new RequestFailed(changed);
    return { state: 'saved' };
  });
  const backend = { ask } as unknown as PageBackend;
  render(<NoteEditor backend={backend} actionId="a1" note="Old" />);
  fireEvent.input(screen.getByRole('textbox'), { target: { value: 'Mine' } });
  fireEvent.click(screen.getByRole('button', { name: WORDS[lang].save }));
  return { asked, words: WORDS[lang] };
}

describe.each(['en', 'fr'] as const)('note editor, a note changed elsewhere (%s)', (lang) => {
  it('sends the note it started from, then shows both notes and the three choices', async () => {
    const { asked, words } = refusedOnce(lang);
    expect(await screen.findByText(words.said)).toBeTruthy();
    expect(asked[0]).toEqual({ type: 'saveNote', actionId: 'a1', message: 'Mine', base: 'Old' });
    expect(screen.getByText(words.theirs)).toBeTruthy();
    expect(screen.getByText('Theirs').tagName).toBe('BLOCKQUOTE');
    for (const name of [words.keep, words.take, words.edit]) expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('Keep mine sends mine on the service’s note', async () => {
    const { asked, words } = refusedOnce(lang);
    fireEvent.click(await screen.findByRole('button', { name: words.keep }));
    await waitFor(() => expect(asked[1]).toEqual({ type: 'saveNote', actionId: 'a1', message: 'Mine', base: 'Theirs' }));
  });

  it('Take theirs sends nothing, shows the service’s note and puts the refused write away', async () => {
    const { asked, words } = refusedOnce(lang);
    fireEvent.click(await screen.findByRole('button', { name: words.take }));
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('Theirs');
    expect(asked.slice(1)).toEqual([{ type: 'discardWrite', entryId: 'e1' }]);
    expect(screen.queryByRole('button', { name: words.keep })).toBeNull();
  });

  it('Edit mine keeps mine in the box, to save on the service’s note', async () => {
    const { asked, words } = refusedOnce(lang);
    fireEvent.click(await screen.findByRole('button', { name: words.edit }));
    const box = screen.getByRole('textbox') as HTMLTextAreaElement;
    expect(box.value).toBe('Mine');
    expect(document.activeElement).toBe(box);
    fireEvent.input(box, { target: { value: 'Mine, edited' } });
    fireEvent.click(screen.getByRole('button', { name: words.save }));
    await waitFor(() => expect(asked[1]).toEqual({ type: 'saveNote', actionId: 'a1', message: 'Mine, edited', base: 'Theirs' }));
  });
});

describe('note editor, the note an edit started from', () => {
  const saving = () => {
    fakeBrowser.i18n.getMessage = getMessageFrom(loadMessages('en')) as typeof fakeBrowser.i18n.getMessage;
    const ask = vi.fn(async (_request: unknown) => ({ state: 'saved' }));
    return { ask, backend: { ask } as unknown as PageBackend };
  };

  it('stays the note the person began editing when a refreshed list brings another one meanwhile', async () => {
    const { ask, backend } = saving();
    const { rerender } = render(<NoteEditor backend={backend} actionId="a1" note="Old" />);
    fireEvent.input(screen.getByRole('textbox'), { target: { value: 'Mine' } });
    rerender(<NoteEditor backend={backend} actionId="a1" note="Theirs" />);
    fireEvent.click(screen.getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(ask).toHaveBeenCalledWith({ type: 'saveNote', actionId: 'a1', message: 'Mine', base: 'Old' }));
  });

  it('follows the list while nothing is edited', async () => {
    const { ask, backend } = saving();
    const { rerender } = render(<NoteEditor backend={backend} actionId="a1" note="Old" />);
    rerender(<NoteEditor backend={backend} actionId="a1" note="New" />);
    fireEvent.input(screen.getByRole('textbox'), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(ask).toHaveBeenCalledWith({ type: 'saveNote', actionId: 'a1', message: 'Mine', base: 'New' }));
  });
});
