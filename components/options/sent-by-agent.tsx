import type { Account } from '../../lib/api/schemas';
import { t, tn } from '../../lib/extension/i18n';
import { agentSummaries, youngDays, type AgentSummary } from '../../lib/sent-invitations/agent-summary';
import { DEFAULT_SETTINGS, sentRecordItem, settingsItem } from '../../lib/store/storage';
import { agentNameOf } from '../shared/agent-names';
import { useStored } from '../shared/use-stored';
import { dayOf } from '../shared/withdraw-text';

/** "3 (8 %)": how many of those sent were accepted, and the share. */
const share = (part: number, whole: number) => t('sentRecord.share', [part, whole ? Math.round((part / whole) * 100) : 0]);

/**
 * The invitations sent through the extension, per agent, from the extension's own record (nothing
 * is asked of the service): pending by age, accepted, and withdrawn with their dates.
 */
export function SentByAgent({ account }: { account: Account | undefined }) {
  const record = useStored(sentRecordItem, []);
  const { oldAfterDays } = useStored(settingsItem, DEFAULT_SETTINGS);
  const young = youngDays(oldAfterDays);
  const summaries = agentSummaries(record, Date.now(), oldAfterDays);
  const nameOf = (s: AgentSummary) => agentNameOf(account, s.agentId) ?? s.agentName ?? t('sentRecord.unknownAgent');
  return (
    <section aria-labelledby="sent-record-heading" class="sent-record">
      <h3 id="sent-record-heading">{t('sentRecord.heading')}</h3>
      <p class="help">{t('sentRecord.help')}</p>
      {summaries.length === 0 ? (
        <p>{t('sentRecord.none')}</p>
      ) : (
        <>
          <table>
            <caption class="sr-only">{t('sentRecord.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('sentRecord.agent')}</th>
                <th scope="col">{t('sentRecord.sent')}</th>
                <th scope="col">{t('sentRecord.under', [young])}</th>
                {young < oldAfterDays && <th scope="col">{t('sentRecord.between', [young, oldAfterDays - 1])}</th>}
                <th scope="col">{t('sentRecord.old', [oldAfterDays])}</th>
                <th scope="col">{t('sentRecord.accepted')}</th>
                <th scope="col">{t('sentRecord.withdrawn')}</th>
              </tr>
            </thead>
            <tbody>
              {summaries.map((s) => (
                <tr key={s.agentId ?? ''}>
                  <th scope="row">{nameOf(s)}</th>
                  <td>{s.sent}</td>
                  <td>{s.pending.young}</td>
                  {young < oldAfterDays && <td>{s.pending.middle}</td>}
                  <td class={s.pending.old ? 'old' : undefined}>{s.pending.old}</td>
                  <td>{share(s.accepted, s.sent)}</td>
                  <td>{s.withdrawn.length}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {summaries
            .filter((s) => s.withdrawn.length > 0)
            .map((s) => (
              <details key={s.agentId ?? ''} class="withdrawn">
                <summary>{t('sentRecord.agentWithdrawn', [nameOf(s), tn('sentRecord.withdrawnCount', s.withdrawn.length)])}</summary>
                <ul>
                  {s.withdrawn.map((i) => (
                    <li key={i.actionId}>{t('sentRecord.withdrawnOn', [i.name ?? i.slug, dayOf(i.withdrawnAt!)])}</li>
                  ))}
                </ul>
              </details>
            ))}
        </>
      )}
    </section>
  );
}
