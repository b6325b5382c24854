import { useState } from 'preact/hooks';
import type { Letter } from '../../lib/api/schemas/letters';
import { t } from '../../lib/i18n';
import { ErrorMessage } from '../shared/error-message';
import { useDecide } from './decide';
import { ItemWriteStatus } from './item-write-status';

/** A letter waiting for validation: its address (or that it is masked), its blocks to read and edit; validate or reject. */
export function LetterToValidateRow({ letter: l, onDecided }: { letter: Letter; onDecided(): void }) {
  const [blocks, setBlocks] = useState(l.blocks);
  const [queued, setQueued] = useState(false);
  const [state, decide] = useDecide();
  const label = [l.contactName, l.company].filter(Boolean).join(' · ') || l.id;
  const edited = blocks.some((b, i) => b.content !== l.blocks[i]?.content);

  async function verdict(v: 'validated' | 'rejected') {
    // Ids go back as the service gave them: a number stays a number.
    const body = v === 'validated' && edited ? { blocks: blocks.map((b) => ({ id: b.numericId ? Number(b.id) : b.id, content: b.content })) } : undefined;
    const outcome = await decide('letter', l.id, v, label, body);
    if (outcome === 'saved') onDecided();
    if (outcome === 'queued') setQueued(true);
  }

  return (
    <li class="record">
      <div class="record-main">
        <strong>{label}</strong>
        {l.address && <div class="muted">{l.address.masked ? t('letters.addressMasked') : l.address.lines.join(', ')}</div>}
      </div>
      {blocks.length > 0 && (
        <fieldset class="messages">
          <legend>{t('letters.blocks')}</legend>
          {blocks.map((b, i) => (
            <label key={b.id}>
              {t('letters.block', [i + 1])}
              <textarea
                rows={4}
                maxLength={20_000}
                value={b.content}
                onInput={(ev) => setBlocks(blocks.map((x, j) => (j === i ? { ...x, content: ev.currentTarget.value } : x)))}
              />
            </label>
          ))}
        </fieldset>
      )}
      {!queued && (
        <div class="row actions">
          <button type="button" class="primary" disabled={state.phase === 'busy'} onClick={() => void verdict('validated')}>
            {edited ? t('review.validateEdited') : t('review.validate')}
          </button>
          <button type="button" class="danger" disabled={state.phase === 'busy'} onClick={() => void verdict('rejected')}>
            {t('review.reject')}
          </button>
        </div>
      )}
      {state.phase === 'failed' && <ErrorMessage error={state.error} />}
      <ItemWriteStatus item={`letter:${l.id}`} />
    </li>
  );
}
