import { useEffect, useId, useState } from 'preact/hooks';
import type { Account } from '../../lib/api/schemas';
import type { CredentialsInfo } from '../../lib/messaging/ask';
import { normalizeServiceUrl, originPattern } from '../../lib/api/service-url';
import { useBackend } from '../shared/use-backend';
import { ErrorMessage } from '../shared/error-message';
import { t } from '../../lib/extension/i18n';
import { useRequest } from '../shared/use-request';

interface Props {
  onVerified(account: Account): void;
  /** Told what is saved (whether a key exists), so the page shows the rest only once set up. */
  onInfo(info: CredentialsInfo): void;
}

/**
 * Service URL and API key, and one button, Connect: it asks for the origin's permission, saves,
 * and verifies the key in one go; a key the service rejects is not kept.
 */
export function CredentialsForm({ onVerified, onInfo }: Props) {
  const backend = useBackend();
  const id = useId();
  const [info, setInfo] = useState<CredentialsInfo | null>(null);
  const [baseUrl, setBaseUrl] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [showKey, setShowKey] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [state, run] = useRequest();

  const [loadState, runLoad] = useRequest();
  const learn = (saved: CredentialsInfo) => {
    setInfo(saved);
    onInfo(saved);
  };
  useEffect(() => {
    void runLoad(async () => {
      const saved = await backend.ask({ type: 'getCredentials' });
      learn(saved);
      // The background may answer after the person started typing (a worker waking up): what
      // they typed stays.
      setBaseUrl((typed) => typed || saved.baseUrl);
    });
  }, []);

  const connect = (e: Event) => {
    e.preventDefault();
    setProblem(null);
    const url = normalizeServiceUrl(baseUrl);
    if (!url.ok) return setProblem(t(`credentials.urlProblem.${url.problem}`));
    if (!apiKey.trim() && !info?.hasKey) return setProblem(t('credentials.keyMissing'));
    // The saved key is sent only to the origin it was entered for: another one needs it typed again.
    if (!apiKey.trim() && info?.keyOrigin && info.keyOrigin !== url.origin) return setProblem(t('trust.keyOtherService', [info.keyOrigin, url.origin]));
    // Asked first, inside the click: browsers grant permissions only to a user gesture.
    const granted = backend.requestOrigin(originPattern(url.origin));
    void run(async () => {
      if (!(await granted)) return setProblem(t('credentials.permissionRefused', [url.origin]));
      setBaseUrl(url.url);
      try {
        onVerified(await backend.ask({ type: 'connect', baseUrl: url.url, ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}) }));
        setApiKey('');
        setShowKey(false);
      } finally {
        learn(await backend.ask({ type: 'getCredentials' }));
      }
    });
  };

  const typedOrigin = normalizeServiceUrl(baseUrl);
  const otherOrigin = info?.keyOrigin && typedOrigin.ok && typedOrigin.origin !== info.keyOrigin ? typedOrigin.origin : null;
  const keyHelp =
    info?.hasKey && info.keyOrigin && otherOrigin
      ? t('trust.keyOtherService', [info.keyOrigin, otherOrigin])
      : info?.hasKey
        ? t('credentials.keySaved', [info.keyHint ?? ''])
        : t('credentials.keyHelp');

  return (
    <form class="credentials" onSubmit={connect} noValidate>
      {loadState.phase === 'failed' && <ErrorMessage error={loadState.error} />}
      <label for={`${id}-url`}>{t('credentials.url')}</label>
      <input
        id={`${id}-url`}
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="app.example.com"
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
        <button type="submit" class="primary" disabled={state.phase === 'busy'}>
          {t('credentials.connect')}
        </button>
      </div>
      <div aria-live="polite">
        {problem && (
          <p class="feedback error" role="alert">
            {problem}
          </p>
        )}
        {!problem && state.phase === 'busy' && <p class="feedback">{t('credentials.connecting')}</p>}
        {!problem && state.phase === 'done' && <p class="feedback">{t('credentials.connected')}</p>}
        {!problem &&
          state.phase === 'failed' &&
          (state.error.kind === 'unauthorized' ? (
            <p class="feedback error" role="alert">
              {t('credentials.rejected')}
            </p>
          ) : (
            <ErrorMessage error={state.error} />
          ))}
      </div>
    </form>
  );
}
