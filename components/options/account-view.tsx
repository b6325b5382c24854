import type { Account } from '../../lib/api/schemas';
import { t } from '../../lib/extension/i18n';

/** The verified account and its agents (the service omits drafts). */
export function AccountView({ account }: { account: Account }) {
  const who = [account.user.name, account.user.email, account.user.company].filter(Boolean).join(' · ');
  return (
    <div class="account">
      <p>{t('account.signedInAs', [who || account.user.id || '?'])}</p>
      {account.agents.length === 0 ? (
        <p>{t('account.noAgents')}</p>
      ) : (
        <table>
          <caption>{t('account.agents')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('account.name')}</th>
              <th scope="col">{t('account.status')}</th>
              <th scope="col">{t('account.active')}</th>
              <th scope="col">{t('account.internalNote')}</th>
            </tr>
          </thead>
          <tbody>
            {account.agents.map((a) => (
              <tr key={a.id}>
                <th scope="row">{a.name ?? a.id}</th>
                <td>{t(`agentStatus.${a.status}`) || a.status}</td>
                <td>{a.isActive ? t('account.yes') : t('account.no')}</td>
                <td>{a.internalNote ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
