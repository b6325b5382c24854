import { useEffect, useRef, useState } from 'preact/hooks';
import { CHECK_READS } from '../../lib/api/view-ops';
import { t } from '../../lib/extension/i18n';
import { asError } from '../../lib/messaging/request-state';
import { CHECK_ROWS, type CheckRowId, type CheckState, continueCheck, rowMissing, rowState, shapesText } from '../../lib/views/connection-check';
import { ErrorDetails } from '../shared/error-details';
import { useBackend } from '../shared/use-backend';
import { clockText } from '../shared/time-text';

type Phase = { at: 'idle' | 'done' } | { at: 'running'; paced: boolean } | { at: 'waiting'; until: number };

const rowName = (id: CheckRowId) => (id === 'loop' || id === 'addForm' ? t(`connectionCheck.${id}`) : t(`views.${id}`));

/**
 * After a Connect the check reads one answer every this often: run at once, its 14 reads spent the
 * request budget a person's first marks and note edits need (a note saved just after Connect waited
 * past 30 s in an end-to-end run); spread so, they take under half of the views' share of a minute.
 */
export const AFTER_CONNECT_PACE_MS = 4000;

interface Props {
  /** Raised by each successful Connect: the check runs then by itself, spread out. */
  connected?: number;
}

/**
 * The connection check (issue 37): each read operation read once by the background, within the
 * views' share of the request budget; a table of what each part can read, and the answers' shape
 * beside it, copyable. Runs after each Connect, spread, and at once from its button.
 */
export function ConnectionCheck({ connected = 0 }: Props) {
  const backend = useBackend();
  const [state, setState] = useState<CheckState>({ results: {} });
  const [phase, setPhase] = useState<Phase>({ at: 'idle' });
  const [copied, setCopied] = useState<boolean | null>(null);
  const latest = useRef(state);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  /** The run that tells: a newer one (the button during a paced run) silences the older. */
  const runs = useRef(0);

  const run = async (from: CheckState, paced = false) => {
    clearTimeout(timer.current);
    const generation = ++runs.current;
    latest.current = from;
    setState(from);
    setCopied(null);
    setPhase({ at: 'running', paced });
    const stale = () => generation !== runs.current;
    const told = (s: CheckState) => {
      if (stale()) return;
      latest.current = s;
      setState(s);
    };
    // A run made stale (a newer one, or the page left) waits here for good: it reads nothing more.
    const between = () =>
      new Promise<void>((go) => {
        if (stale()) return;
        if (!paced) return go();
        timer.current = setTimeout(go, AFTER_CONNECT_PACE_MS);
      });
    const ask = (name: (typeof CHECK_READS)[number], agentId: string | undefined) => backend.ask({ type: 'checkRead', name, ...(agentId ? { agentId } : {}) });
    const end = await continueCheck(from, ask, asError, told, between);
    if (stale()) return;
    if (end.waitSeconds === undefined) return setPhase({ at: 'done' });
    // The budget frees itself: the check goes on then, from where it stopped.
    setPhase({ at: 'waiting', until: Date.now() + end.waitSeconds * 1000 });
    timer.current = setTimeout(() => void run(latest.current, paced), end.waitSeconds * 1000 + 250);
  };

  useEffect(() => {
    if (connected > 0) void run({ results: {} }, true);
  }, [connected]);
  useEffect(
    () => () => {
      runs.current++;
      clearTimeout(timer.current);
    },
    [],
  );

  const read = Object.keys(state.results).length;
  const pending = CHECK_ROWS.filter((r) => rowState(r.ops, state.results) === 'pending').map((r) => rowName(r.id));
  const shapes = shapesText(state.results);
  const copy = () => {
    navigator.clipboard.writeText(shapes).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };

  return (
    <section class="connection-check" aria-labelledby="check-heading">
      <h3 id="check-heading">{t('connectionCheck.heading')}</h3>
      <p class="help">{t('connectionCheck.intro')}</p>
      {/* During a run spread after Connect, the button goes on at once from what is read. */}
      <button
        type="button"
        disabled={phase.at === 'running' && !phase.paced}
        onClick={() => void run(phase.at === 'running' ? latest.current : { results: {} })}
      >
        {t('connectionCheck.run')}
      </button>
      <p class="feedback" aria-live="polite">
        {phase.at === 'running' &&
          t(phase.paced ? 'connectionCheck.runningSpread' : 'connectionCheck.running', [read, CHECK_READS.length, AFTER_CONNECT_PACE_MS / 1000])}
        {phase.at === 'done' && t('connectionCheck.done', [read])}
        {phase.at === 'waiting' && t('connectionCheck.waiting', [pending.join(', '), clockText(phase.until)])}
      </p>
      {phase.at !== 'idle' && (
        <div class="check-results">
          <table>
            <caption>{t('connectionCheck.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('connectionCheck.part')}</th>
                <th scope="col">{t('connectionCheck.state')}</th>
              </tr>
            </thead>
            <tbody>
              {CHECK_ROWS.map((row) => {
                const s = rowState(row.ops, state.results);
                const missing = rowMissing(row.ops, state.results);
                const problems = row.ops.flatMap((op) => {
                  const r = state.results[op];
                  if (r?.state === 'failed') return [r.error];
                  return r?.state === 'unreadable' ? [{ kind: 'invalid-response' as const, message: r.detail }] : [];
                });
                return (
                  <tr key={row.id} class={`check-${s}`}>
                    <th scope="row">{rowName(row.id)}</th>
                    <td>
                      {t(`connectionCheck.states.${s}`)}
                      {missing.length > 0 && (
                        <p class="help">
                          {t('connectionCheck.missing')} <code>{missing.join(', ')}</code>
                        </p>
                      )}
                      {problems.map((error, i) => (
                        <ErrorDetails key={i} error={error} />
                      ))}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <section class="answer-shapes" aria-labelledby="shapes-heading">
            <h4 id="shapes-heading">{t('connectionCheck.shapes')}</h4>
            <p class="help">{t('connectionCheck.shapesHelp')}</p>
            <div class="row">
              <button type="button" disabled={!shapes} onClick={copy}>
                {t('connectionCheck.copy')}
              </button>
              <span aria-live="polite" class="help">
                {copied === true && t('connectionCheck.copied')}
                {copied === false && t('connectionCheck.copyFailed')}
              </span>
            </div>
            {/* Focusable, so that it scrolls with the keyboard and can be selected by hand. */}
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1) */}
            <pre tabIndex={0}>{shapes}</pre>
          </section>
        </div>
      )}
    </section>
  );
}
