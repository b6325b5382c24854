import { useEffect, useId, useRef, useState } from 'preact/hooks';
import type { SerializedApiError } from '../../lib/api/errors';
import type { Account } from '../../lib/api/schemas';
import type { SentInvitationsReply, WithdrawReply } from '../../lib/background/sent-invitations';
import type { FollowedTab } from '../../lib/desk/follow';
import { answerTone, focusAfter, sentViewRows, type SentViewRow } from '../../lib/desk/sent-view';
import { t, tn } from '../../lib/extension/i18n';
import { asError } from '../../lib/messaging/request-state';
import { sentRecordItem, withdrawalsItem } from '../../lib/store/storage';
import { agentNameOf } from '../shared/agent-names';
import { ErrorDetails } from '../shared/error-details';
import { ErrorMessage } from '../shared/error-message';
import { useBackend } from '../shared/use-backend';
import { useSecondsLeft } from '../shared/use-seconds-left';
import { useStored } from '../shared/use-stored';
import { dayOf, withdrawStepText, withdrawText } from '../shared/withdraw-text';

/** A row's withdrawal: under way, answered, or the request itself failed. */
type Withdrawing = { phase: 'busy' } | { phase: 'answered'; reply: WithdrawReply } | { phase: 'failed'; error: SerializedApiError };

type Read =
  | { phase: 'busy'; last?: SentInvitationsReply | undefined }
  | { phase: 'done'; reply: SentInvitationsReply }
  | { phase: 'failed'; error: SerializedApiError };

/**
 * The desk on the network's Sent invitations page: the old invitations of the agents' that the page
 * lists, oldest first (agent, age, the note sent), each with Withdraw, which asks the background to
 * open the network's own confirmation for that person in the page; the person confirms there. The
 * page is read when the view comes and after each withdrawal (the service's list at most once an
 * hour, by the background), never while the desk shows another view.
 */
export function SentDesk({ tab, account }: { tab: FollowedTab; account: Account | undefined }) {
  const backend = useBackend();
  const id = useId();
  const record = useStored(sentRecordItem, []);
  const under = useStored(withdrawalsItem, { times: [] }).current;
  const [read, setRead] = useState<Read>({ phase: 'busy' });
  const [rows, setRows] = useState<SentViewRow[]>([]);
  const [answers, setAnswers] = useState<Record<string, Withdrawing>>({});
  const root = useRef<HTMLElement>(null);
  const asked = useRef(0);

  /** Reads the tab's page again; the latest read wins. */
  const readPage = async () => {
    const n = ++asked.current;
    setRead((r) => ({ phase: 'busy', last: r.phase === 'done' ? r.reply : r.phase === 'busy' ? r.last : undefined }));
    try {
      const reply = await backend.ask({ type: 'sentInvitations', tabId: tab.id });
      if (n === asked.current) setRead({ phase: 'done', reply });
    } catch (error) {
      if (n === asked.current) setRead({ phase: 'failed', error: asError(error) });
    }
  };

  // Again when the tab's page loads (its title comes, or a reload at the same address ends) or it moves within the Sent page.
  useEffect(() => {
    void readPage();
  }, [tab.id, tab.url, tab.title, tab.loads]);

  const reply = read.phase === 'done' ? read.reply : read.phase === 'busy' ? read.last : undefined;
  const listed = reply?.page?.old;
  useEffect(() => {
    if (listed) setRows((before) => sentViewRows(before, listed, record));
  }, [listed, record]);

  /** Focuses, in `slug`'s row, the first of these that it shows (the slug is matched as data, never put in a selector). */
  const focusIn = (slug: string, ...selectors: string[]) =>
    requestAnimationFrame(() => {
      const row = [...(root.current?.querySelectorAll<HTMLElement>('li[data-slug]') ?? [])].find((li) => li.dataset.slug === slug);
      selectors
        .map((s) => row?.querySelector<HTMLElement>(s))
        .find(Boolean)
        ?.focus();
    });

  const withdraw = async (row: SentViewRow) => {
    setAnswers((a) => ({ ...a, [row.slug]: { phase: 'busy' } }));
    // The button is disabled while it runs: the row's status line holds the focus and says each step.
    focusIn(row.slug, '.answer');
    const ask = () => backend.ask({ type: 'withdraw', tabId: tab.id, slug: row.slug });
    let answer: Withdrawing;
    try {
      // The background stopped before answering: asked again, it follows the withdrawal under way
      // in the tab (never presses twice), or finds nothing of that person's to press.
      answer = { phase: 'answered', reply: await ask().catch((error: unknown) => (asError(error).kind === 'no-answer' ? ask() : Promise.reject(error))) };
    } catch (error) {
      answer = { phase: 'failed', error: asError(error) };
    }
    setAnswers((a) => ({ ...a, [row.slug]: answer }));
    if (answer.phase === 'answered' && answer.reply.state === 'withdrawn') {
      // The next one still to withdraw takes the focus, as the queue's next row does after a mark.
      const next = focusAfter(rows, row.slug);
      if (next) focusIn(next, 'button.withdraw');
      else focusIn(row.slug, '.answer');
      void readPage();
    } else focusIn(row.slug, 'button.withdraw', '.answer');
  };

  const agentOf = (row: SentViewRow) => agentNameOf(account, row.agentId) ?? row.agentName ?? t('action.unknownAgent');
  const page = reply?.page;
  const elsewhere = reply && page ? reply.old.length - page.old.length : 0;

  return (
    <section class="sent-desk" ref={root} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('desk.sent.title')}</h2>
      {reply && <p class="help">{t('desk.sent.help', [reply.olderThanDays])}</p>}
      <div class="row">
        <button type="button" class="read-again" disabled={read.phase === 'busy'} onClick={() => void readPage()}>
          {t('desk.sent.readAgain')}
        </button>
      </div>
      <p class="help" role="status" aria-live="polite">
        {read.phase === 'busy' ? t('desk.sent.reading') : ''}
      </p>
      {read.phase === 'failed' && <ErrorMessage error={read.error} />}
      {reply?.serviceError && (
        <div class="feedback">
          <span>{t('desk.sent.serviceUnread')}</span>
          <ErrorDetails error={reply.serviceError} />
        </div>
      )}
      {reply && !page && read.phase !== 'busy' && <p>{t('desk.sent.notRead')}</p>}
      {page?.state === 'loading' && <p>{t('desk.sent.loading')}</p>}
      {page?.state === 'unknown' && <p>{t('desk.sent.unknown')}</p>}
      {page?.state === 'empty' && rows.length === 0 && <p class="empty">{t('desk.sent.emptyPage')}</p>}
      {page?.state === 'list' && rows.length === 0 && <p class="empty">{t('desk.sent.none', [reply!.olderThanDays])}</p>}
      {rows.length > 0 && (
        <ul class="sent-rows" aria-label={t('desk.sent.listLabel')}>
          {rows.map((row) => {
            const answer = answers[row.slug];
            const busy = answer?.phase === 'busy';
            return (
              <li key={row.actionId} data-slug={row.slug} aria-labelledby={`${id}-${row.actionId}`}>
                <p class="row-line">
                  <strong id={`${id}-${row.actionId}`} class="row-name">
                    {row.name}
                  </strong>
                  <span class="row-agent">{t('action.agent', [agentOf(row)])}</span>
                </p>
                {row.headline && <p class="row-detail row-headline">{row.headline}</p>}
                <p class="row-detail">{tn('desk.sent.age', row.days)}</p>
                <p class="sent-note">{row.note ? t('desk.sent.note', [row.note]) : t('desk.sent.noNote')}</p>
                {row.withdrawnAt === undefined ? (
                  <button type="button" class="withdraw" disabled={busy} aria-label={t('desk.sent.withdrawFor', [row.name])} onClick={() => void withdraw(row)}>
                    {t('desk.sent.withdraw')}
                  </button>
                ) : (
                  <p class="withdrawn">{t('desk.sent.withdrawnOn', [dayOf(row.withdrawnAt)])}</p>
                )}
                <div class="answer" role="status" aria-live="polite" tabIndex={-1}>
                  {busy && <p>{withdrawStepText(under?.slug === row.slug ? under.step : 'finding', row.name)}</p>}
                  {answer?.phase === 'answered' && <Answer reply={answer.reply} />}
                  {answer?.phase === 'failed' && <ErrorMessage error={answer.error} />}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {elsewhere > 0 && <p class="help">{tn('desk.sent.elsewhere', elsewhere)}</p>}
    </section>
  );
}

/** A withdrawal's answer; "wait until" ends once its time has passed. */
function Answer({ reply }: { reply: WithdrawReply }) {
  const left = useSecondsLeft(reply.state === 'wait' ? reply.until : undefined);
  return left === 0 ? null : <p class={answerTone(reply)}>{withdrawText(reply)}</p>;
}
