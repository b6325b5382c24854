// The desk's Help and keys: what the assistant does, the desk's own keys, and the browser's
// shortcuts for the extension as the browser really set them (never the suggested ones: a key the
// browser holds itself is left unset), with where to set one that is not.
import { useEffect, useState } from 'preact/hooks';
import { camel, t, uiLanguage } from '../../lib/extension/i18n';
import { keysIn, keysOf } from '../../lib/extension/shortcuts';
import { useBackend } from '../shared/use-backend';

/** The desk's own keys, handled by the desk itself (components/desk/invitation-desk.tsx). */
const DESK_KEYS = ['keyEnter', 'keySkip', 'keyNext', 'keyNewTab'];

/** Where the person sets the extension's keys, in this browser's own words. */
const whereToSet = () => t(import.meta.env.FIREFOX ? 'deskFlow.shortcutWhereFirefox' : 'deskFlow.shortcutWhereChrome');

export function DeskHelp() {
  const backend = useBackend();
  const [shortcuts, setShortcuts] = useState<ReturnType<typeof keysOf> | null>(null);
  // Read again each time the help opens: the person may have set a key in the browser meanwhile.
  const read = () =>
    void backend.ask({ type: 'shortcuts' }).then(
      (reported) => setShortcuts(keysOf(reported)),
      () => setShortcuts(null),
    );
  useEffect(read, []);
  const lang = uiLanguage();
  return (
    <details class="more" onToggle={(e) => (e.currentTarget as HTMLDetailsElement).open && read()}>
      <summary>{t('deskFlow.help')}</summary>
      <p class="help">{t('deskFlow.helpRead')}</p>
      <p class="help">{t('deskFlow.helpSkip')}</p>
      <ul class="help" aria-label={t('deskFlow.keysLabel')}>
        {DESK_KEYS.map((k) => (
          <li key={k}>{t(`deskFlow.${k}`)}</li>
        ))}
      </ul>
      <p class="help">{t('deskFlow.keyPage')}</p>
      <ul class="help" aria-label={t('deskFlow.keyPage')}>
        {shortcuts?.map(({ name, keys }) => {
          const what = t(`command.${camel(name)}`);
          return <li key={name}>{keys ? t('deskFlow.shortcutSet', [keysIn(keys, lang), what]) : t('deskFlow.shortcutUnset', [what, whereToSet()])}</li>;
        })}
        {(!shortcuts || shortcuts.every((s) => s.keys)) && <li>{t('deskFlow.shortcutChange', [whereToSet()])}</li>}
      </ul>
    </details>
  );
}
