import { writeSubject } from '../../lib/invitations/write-person';
import { useEffect } from 'preact/hooks';
import type { NetworkAction } from '../../lib/api/schemas';
import { type DeadEntry, EMPTY_OUTBOX } from '../../lib/outbox/outbox';
import { outboxView } from '../../lib/outbox/store';
import { useBackend } from './use-backend';
import { ErrorMessage } from './error-message';
import { t, tn } from '../../lib/extension/i18n';
import { useRequest } from './use-request';
import { useStored } from './use-stored';
import { NoteChoice } from './note-choice';
import { saveDraft } from '../../lib/store/note-drafts';

/** Writes waiting to be sent, and those the service refused: never dropped silently. */
export function OutboxView({ actions }: { actions: NetworkAction[] }) {
  const backend = useBackend();
  const state = useStored(outboxView, EMPTY_OUTBOX);
  const [request, run] = useRequest();
  // The person kept with the write, whatever the ready list holds now (a poll may have dropped the action).
  const nameOf = (entry: DeadEntry) => {
    const person = writeSubject(entry, actions);
    if (!person) return t('outbox.someone');
    return person.company ? t('outbox.person', [person.name, person.company]) : person.name;
  };
  // Once shown, the oldest refused writes may make room for new ones (the list is bounded).
  const deadCount = state.dead.length;
  useEffect(() => {
    if (deadCount) void backend.ask({ type: 'refusedSeen' }).catch(() => undefined);
  }, [deadCount]);
  if (!state.entries.length && !state.dead.length) return null;
  const held = [...state.entries, ...state.dead].filter((e) => e.heldFor);
  return (
    <section class="outbox" aria-label={t('outbox.label')}>
      {held.length > 0 && (
        <div class="banner warn" role="status">
          <p>
            {tn('trust.heldCount', held.length)} {t('trust.heldFor', [held[0]!.heldFor!])}
          </p>
          <div class="row">
            <button type="button" disabled={request.phase === 'busy'} onClick={() => void run(() => backend.ask({ type: 'heldWrites', send: true }))}>
              {t('trust.sendHeld')}
            </button>
            <button type="button" disabled={request.phase === 'busy'} onClick={() => void run(() => backend.ask({ type: 'heldWrites', send: false }))}>
              {t('trust.discardHeld')}
            </button>
          </div>
        </div>
      )}
      {state.entries.length > 0 && (
        <p class="banner info" role="status">
          {tn('outbox.queued', state.entries.length)} {state.pausedForKey ? t('outbox.pausedForKey') : ''}
        </p>
      )}
      {state.dead.length > 0 && (
        <>
          <h2>{t('outbox.deadTitle')}</h2>
          <ul>
            {state.dead.map((d) => (
              <li key={d.id} class="dead">
                <p>
                  <strong>{d.op === 'call' ? t('outbox.op.call') : t(`outbox.op.${d.op}`, [nameOf(d)])}</strong>
                </p>
                <ErrorMessage error={d.error} quiet />
                {d.error.kind === 'note-changed' && d.error.notes ? (
                  <NoteChoice
                    notes={d.error.notes}
                    busy={request.phase === 'busy'}
                    // Sent on the service's note; the background puts this refused write away.
                    onKeepMine={() =>
                      void run(() => backend.ask({ type: 'saveNote', actionId: d.actionId, message: d.error.notes!.mine, base: d.error.notes!.theirs }))
                    }
                    onTakeTheirs={() => void run(() => backend.ask({ type: 'discardWrite', entryId: d.id }))}
                    // The person's note goes back to the queue's editor as an edit not saved, over the service's.
                    onEditMine={() =>
                      void run(async () => {
                        await saveDraft(d.actionId, d.error.notes!.mine ?? '');
                        await backend.ask({ type: 'discardWrite', entryId: d.id });
                      })
                    }
                  />
                ) : (
                  <div class="row">
                    {/* Handled elsewhere, or changed since it was seen (decided again on its view): nothing to retry, only to put away. */}
                    {d.error.kind !== 'handled-elsewhere' && d.error.kind !== 'seen-changed' && (
                      <button
                        type="button"
                        disabled={request.phase === 'busy'}
                        onClick={() => void run(() => backend.ask({ type: 'retryWrite', entryId: d.id }))}
                      >
                        {t('outbox.retry')}
                      </button>
                    )}
                    <button
                      type="button"
                      disabled={request.phase === 'busy'}
                      onClick={() => void run(() => backend.ask({ type: 'discardWrite', entryId: d.id }))}
                    >
                      {d.error.kind === 'handled-elsewhere' ? t('outbox.dismiss') : t('outbox.discard')}
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {request.phase === 'failed' && <ErrorMessage error={request.error} />}
    </section>
  );
}
