import { useEffect, useId, useState } from 'preact/hooks';
import type { Account } from '../../lib/api/schemas';
import type { CredentialsInfo } from '../../lib/messaging/ask';
import { normalizeServiceUrl, originPattern } from '../../lib/service-url';
import { useBackend } from '../shared/use-backend';
import { errorText } from '../shared/error-text';
import { t } from '../../lib/i18n';
import { useRequest } from '../shared/use-request';

interface Props {
  onVerified(account: Account): void;
}

/** Service URL and API key: Save (asking for the origin's permission) and Verify. */
export function CredentialsForm({ onVerified }: Props) {
  const backend = useBackend();
  const id = useId();
  const [info, setInfo] = useState<CredentialsInfo | null>(null);
  const [baseUrl, setBaseUrl] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [showKey, setShowKey] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [saveState, runSave] = useRequest();
  const [verifyState, runVerify] = useRequest();

  const [loadState, runLoad] = useRequest();
  useEffect(() => {
    void runLoad(async () => {
      const saved = await backend.ask({ type: 'getCredentials' });
      setInfo(saved);
      setBaseUrl(saved.baseUrl);
    });
  }, []);

  const save = (e: Event) => {
    e.preventDefault();
    setProblem(null);
    const url = normalizeServiceUrl(baseUrl);
    if (!url.ok) return setProblem(t(`credentials.urlProblem.${url.problem}`));
    if (!apiKey.trim() && !info?.hasKey) return setProblem(t('credentials.keyMissing'));
    // Asked first, inside the click: browsers grant permissions only to a user gesture.
    const granted = backend.requestOrigin(originPattern(url.origin));
    void runSave(async () => {
      if (!(await granted)) return setProblem(t('credentials.permissionRefused', [url.origin]));
      const saved = await backend.ask({ type: 'saveCredentials', baseUrl: url.url, ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}) });
      setInfo(saved);
      setBaseUrl(saved.baseUrl);
      setApiKey('');
      setShowKey(false);
    });
  };

  const verify = () =>
    void runVerify(async () => {
      onVerified(await backend.ask({ type: 'verifyKey' }));
    });

  const keyHelp = info?.hasKey ? t('credentials.keySaved', [info.keyHint ?? '']) : t('credentials.keyHelp');

  return (
    <form class="credentials" onSubmit={save} noValidate>
      {loadState.phase === 'failed' && (
        <p class="feedback error" role="alert">
          {errorText(loadState.error)}
        </p>
      )}
      <label for={`${id}-url`}>{t('credentials.url')}</label>
      <input
        id={`${id}-url`}
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://"
        value={baseUrl}
        aria-invalid={problem !== null && problem.length > 0}
        onInput={(e) => setBaseUrl(e.currentTarget.value)}
      />
      <label for={`${id}-key`}>{t('credentials.key')}</label>
      <div class="row">
        <input
          id={`${id}-key`}
          type={showKey ? 'text' : 'password'}
          autoComplete="off"
          spellcheck={false}
          value={apiKey}
          aria-describedby={`${id}-key-help`}
          onInput={(e) => setApiKey(e.currentTarget.value)}
        />
        <button type="button" aria-pressed={showKey} aria-controls={`${id}-key`} onClick={() => setShowKey(!showKey)}>
          {showKey ? t('credentials.hide') : t('credentials.show')}
        </button>
      </div>
      <p id={`${id}-key-help`} class="help">
        {keyHelp}
      </p>
      <div class="row">
        <button type="submit" class="primary" disabled={saveState.phase === 'busy'}>
          {t('credentials.save')}
        </button>
        <button type="button" onClick={verify} disabled={verifyState.phase === 'busy' || !info?.hasKey}>
          {t('credentials.verify')}
        </button>
      </div>
      <p role="status" class={problem || saveState.phase === 'failed' ? 'feedback error' : 'feedback'}>
        {problem}
        {!problem && saveState.phase === 'busy' && t('credentials.saving')}
        {!problem && saveState.phase === 'done' && t('credentials.saved')}
        {!problem && saveState.phase === 'failed' && errorText(saveState.error)}
      </p>
      <p role="status" class={verifyState.phase === 'failed' ? 'feedback error' : 'feedback'}>
        {verifyState.phase === 'busy' && t('credentials.verifying')}
        {verifyState.phase === 'done' && t('credentials.verified')}
        {verifyState.phase === 'failed' &&
          (verifyState.error.kind === 'unauthorized' ? t('credentials.rejected') : errorText(verifyState.error))}
      </p>
    </form>
  );
}
