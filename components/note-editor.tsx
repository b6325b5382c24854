import { useEffect, useId, useState } from 'preact/hooks';
import { NOTE_MAX, noteLength, truncateNote } from '../lib/note-length';
import { useBackend } from './backend';
import { errorText } from './error-text';
import { t } from '../lib/i18n';
import { useRequest } from './use-request';

interface Props {
  actionId: string;
  note: string | null;
  /** Told the note the service now holds. */
  onSaved?: (note: string | null) => void;
}

/** The invitation note: a textbox named "Note", a counter that stops at the limit, and Save. */
export function NoteEditor({ actionId, note, onSaved }: Props) {
  const backend = useBackend();
  const id = useId();
  const [draft, setDraft] = useState(note ?? '');
  const [saved, setSaved] = useState(note ?? '');
  const [state, run, reset] = useRequest();

  // A refreshed list may bring a note changed elsewhere; keep the person's unsaved edit.
  useEffect(() => {
    if (draft === saved) setDraft(note ?? '');
    setSaved(note ?? '');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [note]);

  const length = noteLength(draft);
  const dirty = draft !== saved;

  const [queued, setQueued] = useState(false);
  const save = async () => {
    const message = draft.trim() === '' ? null : draft;
    if (await run(async () => setQueued((await backend.ask({ type: 'saveNote', actionId, message })).state === 'queued'))) {
      setSaved(draft);
      onSaved?.(message);
    }
  };

  return (
    <div class="note-editor">
      <label for={`${id}-note`}>{t('note.label')}</label>
      <textarea
        id={`${id}-note`}
        rows={4}
        value={draft}
        aria-describedby={`${id}-count`}
        onInput={(e) => {
          const value = truncateNote(e.currentTarget.value, NOTE_MAX);
          if (value !== e.currentTarget.value) e.currentTarget.value = value;
          setDraft(value);
          if (state.phase !== 'busy') reset();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && dirty) {
            e.preventDefault();
            void save();
          }
        }}
      />
      <div class="row">
        <span id={`${id}-count`} class={length >= NOTE_MAX ? 'count full' : 'count'}>
          {t('note.counter', [length, NOTE_MAX])}
        </span>
        <button type="button" disabled={!dirty || state.phase === 'busy'} onClick={() => void save()}>
          {t('note.save')}
        </button>
      </div>
      <p role="status" class={state.phase === 'failed' ? 'feedback error' : 'feedback'}>
        {state.phase === 'busy' && t('note.saving')}
        {state.phase === 'done' && (queued ? t('note.queued') : t('note.saved'))}
        {state.phase === 'failed' && errorText(state.error)}
      </p>
    </div>
  );
}
