import type { ComponentType } from 'preact';
import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../lib/extension/i18n';
import { accountItem, type AccountSnapshot } from '../../lib/store/storage';
import { offeredViews, viewFromHash, type ViewId } from '../../lib/views/routes';
import { BackendContext } from '../shared/backend';
import { useStored } from '../shared/use-stored';
import { VIEWS, type ViewProps } from './views';
import { BlockBoundary } from '../shared/block-boundary';
import { Welcome } from './welcome';
import { UpdateNotice } from '../shared/update-notice';

export interface OptionsInitial {
  account: AccountSnapshot | null;
}

/**
 * The options page as an application: a navigation of the account's views, the view named in the
 * address (#contacts), each view loaded when first shown. Before a key is saved, Settings alone.
 */
export function OptionsApp({ initial }: { initial: OptionsInitial }) {
  const backend = useContext(BackendContext)!;
  const snapshot = useStored(accountItem, initial.account);
  const account = snapshot?.account;
  /** null until the background says whether a key is saved. */
  const [configured, setConfigured] = useState<boolean | null>(null);
  const offered = offeredViews(!!configured).filter((id) => VIEWS[id]);
  const [view, setView] = useState<ViewId>(() => viewFromHash(location.hash, offered));
  const [loaded, setLoaded] = useState<{ id: ViewId; component: ComponentType<ViewProps> } | null>(null);
  /** The view chosen in the navigation, to focus once it shows. */
  const shown = useRef(false);
  const [focusTarget, setFocusTarget] = useState<ViewId | null>(null);

  useEffect(() => {
    // A page with an account read before has a key, most likely: its view's chunk loads while the
    // background is asked (a module is fetched once; the view is shown only once the answer says so).
    if (initial.account) void VIEWS[viewFromHash(location.hash, offeredViews(true))]?.().catch(() => undefined);
    void backend.ask({ type: 'getCredentials' }).then(
      (info) => setConfigured(info.hasKey),
      () => setConfigured(false),
    );
  }, []);

  // The address names the view: links, reloads and the browser's back button agree with it.
  useEffect(() => {
    // Without a view in the address, the view shown stays (Settings, just connected, offering more).
    const sync = () => setView((v) => (!location.hash && shown.current && offered.includes(v) ? v : viewFromHash(location.hash, offered)));
    sync();
    addEventListener('hashchange', sync);
    return () => removeEventListener('hashchange', sync);
  }, [offered.join()]);

  // Nothing is loaded before the page knows which views it offers: no Settings flashing by.
  useEffect(() => {
    if (configured === null) return;
    let live = true;
    // Before the first view shows, the one the address names among those now offered: the state
    // still holds the choice made before the answer (Settings, then the only view offered), and
    // loading it would fetch the Settings chunk for a page that opens on the Overview.
    const id = shown.current ? view : viewFromHash(location.hash, offered);
    void VIEWS[id]?.().then((m) => {
      if (!live) return;
      shown.current = true;
      setLoaded({ id, component: m.default });
    });
    return () => {
      live = false;
    };
  }, [view, configured === null]);

  // After a choice in the navigation, keyboard and screen-reader users land on the view's heading.
  useEffect(() => {
    if (focusTarget && loaded?.id === focusTarget) {
      document.getElementById('view-heading')?.focus();
      setFocusTarget(null);
    }
  }, [loaded, focusTarget]);

  const go = (id: ViewId) => {
    setFocusTarget(id);
    if (location.hash !== `#${id}`) location.hash = id;
    else setView(id);
  };
  const View = loaded?.id === view ? loaded.component : null;

  return (
    <div class="options-app">
      <header class="options-top">
        <h1>{t('options.title')}</h1>
      </header>
      {configured !== null && (
        <nav class="views-nav" aria-label={t('views.nav')}>
          <ul>
            {offered.map((id) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  aria-current={id === view ? 'page' : undefined}
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
          {!configured && <p class="help">{t('views.firstRun')}</p>}
        </nav>
      )}
      <main class="options">
        <Welcome />
        {/* Only Firefox's update writes the notice (lib/store/firefox-adoption.ts): not in Chrome's bundles. */}
        {import.meta.env.FIREFOX && <UpdateNotice />}
        {configured === null || !View ? (
          <p class="help" role="status">
            {t('views.loading')}
          </p>
        ) : (
          <BlockBoundary resetKey={view}>
            <View account={account} accountAt={snapshot?.verifiedAt} go={go} offered={offered} onCredentials={(hasKey) => setConfigured(hasKey)} />
          </BlockBoundary>
        )}
      </main>
    </div>
  );
}
