import { useState } from 'preact/hooks';
import { t } from '../../lib/extension/i18n';

/** About eight lines of the options column: beyond that a text folds behind "Show all". */
const FOLD_LINES = 8;
const LINE_CHARS = 90;

/** Rough count of the lines a text takes, its own breaks and wrapping both. */
const linesOf = (text: string) => text.split('\n').reduce((n, l) => n + Math.max(1, Math.ceil(l.length / LINE_CHARS)), 0);

/** A text read as it will be sent (its line breaks kept), folded after about eight lines. */
export function FoldedText({ text, class: cls = 'email-body' }: { text: string; class?: string }) {
  const [open, setOpen] = useState(false);
  const long = linesOf(text) > FOLD_LINES;
  return (
    <div class="folded">
      <p class={`${cls}${long && !open ? ' is-folded' : ''}`}>{text}</p>
      {long && (
        <button type="button" class="quiet" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t('review23.showLess') : t('review23.showAll')}
        </button>
      )}
    </div>
  );
}

/**
 * One part of what will be sent (a step, a block, a reply): shown in full, or a text box in the
 * same place while editing; a part that differs from what the service gave is marked, with the
 * original one click away.
 */
export function EditableText(props: { label: string; original: string; value: string; editing: boolean; onInput(v: string): void; class?: string }) {
  const { label, original, value, editing, onInput } = props;
  const changed = value !== original;
  return (
    <div class={changed ? 'editable changed' : 'editable'}>
      {editing ? (
        <textarea
          aria-label={label}
          rows={Math.min(14, linesOf(value) + 1)}
          maxLength={20_000}
          value={value}
          onInput={(ev) => onInput(ev.currentTarget.value)}
        />
      ) : (
        <FoldedText text={value} {...(props.class ? { class: props.class } : {})} />
      )}
      {changed && (
        <details class="original">
          <summary>
            <span class="chip changed-mark">{t('review23.changed')}</span> {t('review23.showOriginal')}
          </summary>
          <p class="email-body">{original}</p>
        </details>
      )}
    </div>
  );
}
