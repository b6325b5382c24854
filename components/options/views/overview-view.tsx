import { t } from '../../../lib/i18n';
import type { ViewId } from '../../../lib/views/routes';
import { AccountView } from '../account-view';
import type { ViewProps } from '../views';

const LINKS: ViewId[] = ['invitations', 'contacts', 'agents', 'emails', 'letters', 'blocklist', 'meetings'];

/** Who is connected, their agents, and the way to each part of the account. */
export default function OverviewView({ account, go, offered }: ViewProps) {
  return (
    <section aria-labelledby="view-heading" class="view">
      <h2 id="view-heading" tabIndex={-1}>
        {t('views.overview')}
      </h2>
      {account ? <AccountView account={account} /> : <p class="help">{t('views.loading')}</p>}
      <ul class="overview-links">
        {LINKS.filter((id) => offered.includes(id)).map((id) => (
          <li key={id}>
            <a
              href={`#${id}`}
              onClick={(e) => {
                e.preventDefault();
                go(id);
              }}
            >
              {t(`views.${id}`)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
