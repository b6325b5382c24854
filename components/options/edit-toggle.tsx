import { t } from '../../lib/extension/i18n';

/**
 * The review items' Edit button, which becomes Cancel while the shown text is editable (emails,
 * letters, replies): Cancel puts the original back (`onCancel`) before leaving the editing.
 */
export function EditToggle({ editing, onEditing, onCancel }: { editing: boolean; onEditing: (editing: boolean) => void; onCancel: () => void }) {
  return editing ? (
    <button
      type="button"
      data-action="edit"
      onClick={() => {
        onCancel();
        onEditing(false);
      }}
    >
      {t('review23.cancelEdit')}
    </button>
  ) : (
    <button type="button" data-action="edit" onClick={() => onEditing(true)}>
      {t('review23.edit')}
    </button>
  );
}
