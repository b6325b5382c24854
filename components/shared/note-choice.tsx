import { Component } from 'preact';
import type { NoteConflict } from '../../lib/api/errors';
import { t } from '../../lib/extension/i18n';

interface Props {
  notes: NoteConflict;
  busy?: boolean;
  onKeepMine(): void;
  onTakeTheirs(): void;
  onEditMine(): void;
}

// A class, not hooks: the in-page panel's note editor shows it too (see NoteEditor).
/** A note not sent because the service's changed meanwhile: both, and the person's three choices. */
export class NoteChoice extends Component<Props> {
  override render({ notes, busy, onKeepMine, onTakeTheirs, onEditMine }: Props) {
    const quote = (note: string | null) => (note ? <blockquote>{note}</blockquote> : <p class="muted">{t('note.changed.empty')}</p>);
    return (
      <fieldset class="note-choice">
        <legend>{t('note.changed.label')}</legend>
        <p>
          <strong>{t('note.changed.mine')}</strong>
        </p>
        {quote(notes.mine)}
        <p>
          <strong>{t('note.changed.theirs')}</strong>
        </p>
        {quote(notes.theirs)}
        <div class="row">
          <button type="button" disabled={busy} onClick={onKeepMine}>
            {t('note.changed.keepMine')}
          </button>
          <button type="button" disabled={busy} onClick={onTakeTheirs}>
            {t('note.changed.takeTheirs')}
          </button>
          <button type="button" disabled={busy} onClick={onEditMine}>
            {t('note.changed.editMine')}
          </button>
        </div>
      </fieldset>
    );
  }
}
