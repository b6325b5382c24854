// The desk's Help and keys: what the assistant does, the desk's own keys, and the browser's
// shortcuts for the extension as the browser really set them (never the suggested ones: a key the
// browser holds itself is left unset), with where to set one that is not.
import { camel, t, uiLanguage } from '../../lib/extension/i18n';
import { keysIn } from '../../lib/extension/shortcuts';
import { useShortcuts } from './use-shortcuts';

/** The desk's own keys, handled by the desk itself (components/desk/invitation-desk.tsx). */
const DESK_KEYS = ['keyEnter', 'keySkip', 'keyNext', 'keyNewTab'];

/** Where the person sets the extension's keys, in this browser's own words. */
const whereToSet = () => t(import.meta.env.FIREFOX ? 'deskFlow.shortcutWhereFirefox' : 'deskFlow.shortcutWhereChrome');

/**
 * The key that opens the next invitation and prepares it, as the browser set it (or where to set
 * one): from the page too, so that an invitation is that key and the page's Send.
 */
export function NextKey() {
  const { shortcuts } = useShortcuts();
  const keys = shortcuts?.find((s) => s.name === 'open-next')?.keys;
  if (!shortcuts) return null;
  return (
    <p class="help next-key">
      {keys ? t('deskFlow.nextKey', [keysIn(keys, uiLanguage())]) : t('deskFlow.nextKeyUnset', [t('command.openNext'), whereToSet()])}
    </p>
  );
}

export function DeskHelp() {
  const { shortcuts, read } = useShortcuts();
  const lang = uiLanguage();
  return (
    // Read again each time the help opens: the person may have set a key in the browser meanwhile.
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
