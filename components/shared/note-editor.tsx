import { Component } from 'preact';
import { t, uiLanguage } from '../../lib/extension/i18n';
import { noteLanguage } from '../../lib/invitations/note-language';
import { NOTE_MAX, noteLength, truncateNote } from '../../lib/api/note-length';
import type { NoteConflict } from '../../lib/api/errors';
import type { PageBackend } from './backend';
import { ErrorDetails } from './error-details';
import { errorText } from './error-text';
import { IDLE, runRequest, type RequestState } from '../../lib/messaging/request-state';
import { uniqueId } from './unique-id';
import { NoteChoice } from './note-choice';

interface Props {
  /** Passed, not taken from context: the in-page panel has no context provider to pay for. */
  backend: PageBackend;
  actionId: string;
  note: string | null;
  /** Told the note the service now holds. */
  onSaved?: (note: string | null) => void;
  /** An edit not saved yet, made earlier (in the popup): shown instead of the saved note. */
  draft?: string | undefined;
  /** Told each edit not saved yet (undefined: none left), so that it outlives the popup. */
  onDraft?: (draft: string | undefined) => void;
}

interface State {
  draft: string;
  saved: string;
  request: RequestState;
  queued: boolean;
  /** The note the edit started from: the service's is compared with it before the save is sent. */
  base: string | null;
}

// A class, not hooks: the in-page panel uses this editor and ships without preact/hooks
// (1.1 kB gzip) to hold its 12 kB budget.
/** The invitation note: a textbox named "Note", a counter that stops at the limit, and Save. */
export class NoteEditor extends Component<Props, State> {
  id = uniqueId('note');
  override state: State = {
    draft: this.props.draft ?? this.props.note ?? '',
    saved: this.props.note ?? '',
    request: IDLE,
    queued: false,
    base: this.props.note,
  };
  textarea: HTMLTextAreaElement | null = null;

  // A refreshed list may bring a note changed elsewhere; keep the person's unsaved edit.
  override componentDidUpdate(previous: Props): void {
    const note = this.props.note ?? '';
    // An edit under way keeps the note it started from: a note changed meanwhile is then not overwritten unseen.
    if (previous.note !== this.props.note) this.setState((s) => (s.draft === s.saved ? { draft: note, saved: note, base: this.props.note } : { saved: note }));
    // The stored draft may arrive after the first paint; it wins only over an untouched note.
    const { draft } = this.props;
    if (draft !== undefined && previous.draft === undefined) this.setState((s) => (s.draft === s.saved ? { draft } : null));
  }

  save = async (draft = this.state.draft, base = this.state.base): Promise<void> => {
    const message = draft.trim() === '' ? null : draft;
    const ok = await runRequest(
      (request) => this.setState({ request }),
      async () =>
        this.setState({ queued: (await this.props.backend.ask({ type: 'saveNote', actionId: this.props.actionId, message, base })).state === 'queued' }),
    );
    if (ok) {
      this.setState({ draft, saved: draft, base: message });
      this.props.onSaved?.(message);
      this.props.onDraft?.(undefined);
    }
  };

  /** After a refusal for a note changed elsewhere: the service's note, or the person's to edit on it. */
  choose(notes: NoteConflict, keep: 'theirs' | 'edit'): void {
    const theirs = notes.theirs ?? '';
    const draft = keep === 'theirs' ? theirs : (notes.mine ?? '');
    this.setState({ draft, saved: theirs, base: notes.theirs, request: IDLE });
    this.props.onDraft?.(draft === theirs ? undefined : draft);
    // Taken: the refused write is put away (a content script may not; the popup's line then stays).
    if (keep === 'theirs' && notes.entryId) void this.props.backend.ask({ type: 'discardWrite', entryId: notes.entryId }).catch(() => undefined);
    else this.textarea?.focus();
  }

  override render(_: Props, { draft, saved, request, queued }: State) {
    const id = this.id;
    const length = noteLength(draft);
    const dirty = draft !== saved;
    return (
      <div class="note-editor">
        <label for={`${id}-note`}>{t('note.label')}</label>
        <textarea
          ref={(el) => {
            this.textarea = el;
          }}
          id={`${id}-note`}
          rows={4}
          value={draft}
          // The note's own language, so that the spell checker checks a French note in French.
          lang={noteLanguage(draft, uiLanguage())}
          aria-describedby={`${id}-count`}
          onInput={(e) => {
            const value = truncateNote(e.currentTarget.value, NOTE_MAX);
            if (value !== e.currentTarget.value) e.currentTarget.value = value;
            this.setState((s) => ({ draft: value, request: s.request.phase === 'busy' ? s.request : IDLE }));
            this.props.onDraft?.(value === this.state.saved ? undefined : value);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && dirty) {
              e.preventDefault();
              void this.save();
            }
          }}
        />
        <div class="row">
          <span id={`${id}-count`} class={length >= NOTE_MAX ? 'count full' : 'count'}>
            {t('note.counter', [length, NOTE_MAX])}
          </span>
          <button type="button" disabled={!dirty || request.phase === 'busy'} onClick={() => void this.save()}>
            {t('note.save')}
          </button>
        </div>
        <p role="status" class={request.phase === 'failed' ? 'feedback error' : 'feedback'}>
          {request.phase === 'busy' && t('note.saving')}
          {request.phase === 'done' && (queued ? t('note.queued') : t('note.saved'))}
          {request.phase === 'failed' && errorText(request.error)}
        </p>
        {request.phase === 'failed' && request.error.kind === 'note-changed' && request.error.notes && (
          <NoteChoice
            notes={request.error.notes}
            onKeepMine={() => void this.save(request.error.notes?.mine ?? '', request.error.notes?.theirs ?? null)}
            onTakeTheirs={() => this.choose(request.error.notes!, 'theirs')}
            onEditMine={() => this.choose(request.error.notes!, 'edit')}
          />
        )}
        {request.phase === 'failed' && <ErrorDetails error={request.error} />}
      </div>
    );
  }
}
