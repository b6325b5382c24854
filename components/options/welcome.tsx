import { useState } from 'preact/hooks';
import { t } from '../../lib/extension/i18n';

/** The page opened on first install carries this in its address (lib/background/welcome.ts). */
const WELCOME_QUERY = 'welcome';

/**
 * The short welcome of a first install: what the extension does, where to find the service's
 * address and key, and what is sent where. Shown above the settings until dismissed.
 */
export function Welcome() {
  const [shown, setShown] = useState(() => new URLSearchParams(location.search).has(WELCOME_QUERY));
  if (!shown) return null;
  const dismiss = () => {
    setShown(false);
    // A reload then shows the settings alone.
    history.replaceState(null, '', location.pathname + location.hash);
  };
  return (
    <section class="welcome" aria-labelledby="welcome-heading">
      <h2 id="welcome-heading">{t('firstMinutes.welcomeTitle')}</h2>
      <p>{t('firstMinutes.welcomeWhat')}</p>
      <p>{t('firstMinutes.welcomeWhere')}</p>
      <p>{t('firstMinutes.welcomeSent')}</p>
      <button type="button" onClick={dismiss}>
        {t('firstMinutes.welcomeDismiss')}
      </button>
    </section>
  );
}
