import { useState } from 'preact/hooks';
import type { Letter } from '../../lib/api/schemas/letters';
import { t } from '../../lib/extension/i18n';
import { ErrorMessage } from '../shared/error-message';
import { useDecide } from './decide';
import { ItemWriteStatus } from './item-write-status';
import { EditableText } from './review-text';
import { EditToggle } from './edit-toggle';
import { RecordLines } from './record-lines';
import { UnreadContent } from './unread-content';
import { contentUnread } from '../../lib/views/unread-content';
import { letterSeen } from '../../lib/views/seen';

/**
 * A letter waiting for validation, previewed as a page: the address block as the service gives it
 * (or that it is masked), then its content blocks in order. Edit turns the blocks into text boxes
 * where they stand; validating with changes sends them in `blocks` (spec 000, op 17). What the
 * rules could not place is shown whole beside it; with no text at all, no Validate.
 */
export function LetterToValidateRow({ letter: l, shape, onDecided }: { letter: Letter; shape?: string | undefined; onDecided(): void }) {
  const [editing, setEditing] = useState(false);
  const [texts, setTexts] = useState(() => l.blocks.map((b) => b.content));
  const [queued, setQueued] = useState(false);
  const [state, decide] = useDecide();
  const label = [l.contactName, l.company].filter(Boolean).join(' · ') || t('review23.letterFor', [l.leadIdentifier ?? l.id]);
  const changed = l.blocks.filter((b, i) => texts[i] !== b.content);
  const unread = contentUnread(l.blocks, l.extra);

  async function verdict(v: 'validated' | 'rejected') {
    // Every block when one changed, as for custom_messages: whether op 17 replaces the named blocks
    // or the whole list is not said. Ids go back as the service gave them (a number stays a number).
    const blocks = l.blocks.map((b, i) => ({ id: b.numericId ? Number(b.id) : b.id, content: texts[i] ?? '' }));
    const body = v === 'validated' && changed.length ? { blocks } : undefined;
    // A validation carries what was shown: changed on the service since, it is refused and read again.
    const outcome = await decide('letter', l.id, v, label, body, v === 'validated' ? letterSeen(l) : undefined);
    if (outcome === 'saved' || outcome === 'changed') onDecided();
    if (outcome === 'queued') setQueued(true);
  }

  return (
    <li class="record review-item" tabIndex={-1} data-review-item aria-label={label}>
      <div class="record-main">
        <strong>{label}</strong>
        {l.agentName && <div class="muted">{t('review23.agentIs', [l.agentName])}</div>}
      </div>
      <article class="paper letter-paper" aria-label={t('review23.letterPreview')}>
        {l.address &&
          (l.address.masked ? (
            <p class="letter-address muted">{t('letters.addressMasked')}</p>
          ) : (
            <address class="letter-address">
              {l.address.lines.map((line, i) => (
                <div key={i}>{line}</div>
              ))}
            </address>
          ))}
        {l.blocks.length === 0 && <p class="help">{t('review23.noBlocks')}</p>}
        {l.blocks.map((b, i) => (
          <EditableText
            key={b.id}
            class="letter-block"
            label={t('letters.block', [i + 1])}
            original={b.content}
            value={texts[i] ?? ''}
            editing={editing}
            onInput={(v) => setTexts(texts.map((x, j) => (j === i ? v : x)))}
          />
        ))}
      </article>
      <RecordLines lines={l.extra} whole />
      {unread && <UnreadContent op="lettersToValidate" shape={shape} />}
      {!queued && (
        <div class="row actions">
          {!unread && (
            <button type="button" class="primary" data-action="validate" disabled={state.phase === 'busy'} onClick={() => void verdict('validated')}>
              {changed.length ? t('review23.validateChanged') : t('review.validate')}
            </button>
          )}
          {l.blocks.length > 0 && <EditToggle editing={editing} onEditing={setEditing} onCancel={() => setTexts(l.blocks.map((b) => b.content))} />}
          <button type="button" class="danger" data-action="reject" disabled={state.phase === 'busy'} onClick={() => void verdict('rejected')}>
            {t('review.reject')}
          </button>
        </div>
      )}
      {state.phase === 'failed' && <ErrorMessage error={state.error} />}
      <ItemWriteStatus item={`letter:${l.id}`} />
    </li>
  );
}
