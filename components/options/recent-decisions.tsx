import { useEffect, useState } from 'preact/hooks';
import { graceOf } from '../../lib/invitations/grace';
import { t } from '../../lib/extension/i18n';
import { decisionsItem } from '../../lib/store/storage';
import { decisionsOf, opposite, type DecisionRecord, type ReviewKind } from '../../lib/views/decisions';
import { ErrorMessage } from '../shared/error-message';
import { useStored } from '../shared/use-stored';
import { useDecide } from './decide';
import { ItemWriteStatus } from './item-write-status';

/** The decisions made here: undoable for their 60 minutes (the opposite decision), then final. */
export function RecentDecisions({ kind, onChange }: { kind: ReviewKind; onChange(): void }) {
  const all = useStored(decisionsItem, {});
  const [now, setNow] = useState(Date.now());
  // The minutes left count down while the page is open.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const list = decisionsOf(all, kind);
  if (!list.length) return null;
  return (
    <section class="decisions" aria-labelledby={`decisions-${kind}`}>
      <h3 id={`decisions-${kind}`}>{t('review.recent')}</h3>
      <ul class="records">
        {list.map((d) => (
          <DecisionRow key={`${d.id}:${d.at}`} decision={d} now={now} onChange={onChange} />
        ))}
      </ul>
    </section>
  );
}

function DecisionRow({ decision: d, now, onChange }: { decision: DecisionRecord; now: number; onChange(): void }) {
  const [state, decide] = useDecide();
  const grace = graceOf(d.at, now);
  const turn = opposite(d.verdict);
  return (
    <li class="record">
      <div class="record-main">
        <strong>{d.label}</strong>
        <div class="muted">
          {grace.final
            ? t(d.verdict === 'validated' ? 'review.validatedFinal' : 'review.rejectedFinal')
            : t(d.verdict === 'validated' ? 'review.validatedUndo' : 'review.rejectedUndo', [grace.minutesLeft])}
        </div>
      </div>
      {!grace.final && (
        <button
          type="button"
          class="quiet"
          data-action="undo"
          disabled={state.phase === 'busy'}
          onClick={async () => {
            if ((await decide(d.kind, d.id, turn, d.label)) === 'saved') onChange();
          }}
        >
          {t(turn === 'validated' ? 'review.validateInstead' : 'review.rejectInstead')}
        </button>
      )}
      {state.phase === 'failed' && <ErrorMessage error={state.error} />}
      <ItemWriteStatus item={`${d.kind}:${d.id}`} />
    </li>
  );
}
