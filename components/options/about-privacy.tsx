import { useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t, tn } from '../../lib/extension/i18n';
import { outboxView } from '../../lib/outbox/store';
import { ErrorMessage } from '../shared/error-message';
import { useBackend } from '../shared/use-backend';
import { useRequest } from '../shared/use-request';

/** The installed version, or nothing where the page runs outside the extension (component tests). */
function installedVersion(): string {
  try {
    return browser.runtime.getManifest().version;
  } catch {
    return '';
  }
}

/**
 * What the extension reads, sends and keeps, said plainly (docs/privacy.md says the same), and
 * Forget everything, confirmed with the number of queued writes it would lose.
 */
export function AboutPrivacy({ onForgotten }: { onForgotten(): void }) {
  const backend = useBackend();
  const [confirm, setConfirm] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [state, run] = useRequest();

  const ask = () =>
    void run(async () => {
      const queued = (await outboxView.getValue()).entries.length;
      setDone(false);
      setConfirm(t('privacy.confirm', [tn('privacy.lost', queued)]));
    });
  const forget = () =>
    void run(async () => {
      await backend.ask({ type: 'forgetEverything' });
      setConfirm(null);
      setDone(true);
      onForgotten();
    });

  return (
    <section class="about" aria-labelledby="about-heading">
      <h3 id="about-heading">{t('privacy.heading')}</h3>
      <p>{t('privacy.version', [installedVersion()])}</p>
      <h4>{t('privacy.readHeading')}</h4>
      <p>{t('privacy.read')}</p>
      <h4>{t('privacy.sendHeading')}</h4>
      <p>{t('privacy.send')}</p>
      <h4>{t('privacy.storeHeading')}</h4>
      <p>{t('privacy.store')}</p>
      <h4>{t('privacy.deleteHeading')}</h4>
      <p>{t('privacy.delete')}</p>
      {confirm === null ? (
        <button type="button" class="danger" onClick={ask} disabled={state.phase === 'busy'}>
          {t('privacy.forget')}
        </button>
      ) : (
        <fieldset class="confirm">
          <legend class="sr-only">{t('privacy.confirmYes')}</legend>
          <p role="alert">{confirm}</p>
          <button type="button" class="danger" onClick={forget} disabled={state.phase === 'busy'}>
            {t('privacy.confirmYes')}
          </button>
          <button type="button" onClick={() => setConfirm(null)}>
            {t('privacy.cancel')}
          </button>
        </fieldset>
      )}
      {done && (
        <p class="feedback" role="status">
          {t('privacy.done')}
        </p>
      )}
      {state.phase === 'failed' && <ErrorMessage error={state.error} />}
    </section>
  );
}
