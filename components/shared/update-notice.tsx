import { t, tn } from '../../lib/extension/i18n';
import { updateNoticeItem } from '../../lib/store/storage';
import { useStored } from './use-stored';

/**
 * Firefox, once after the update that stopped trusting what content scripts could have written
 * (issue 21): what it turned off or cleared, and what to do, until the person dismisses it.
 */
export function UpdateNotice({ onOpenSettings }: { onOpenSettings?: () => void }) {
  const notice = useStored(updateNoticeItem, null);
  if (!notice) return null;
  return (
    <div class="banner info" role="status">
      <p>{t('updateNotice.why')}</p>
      {notice.sendTurnedOff && <p>{t('updateNotice.sendOff')}</p>}
      {notice.limitsReset && <p>{t('updateNotice.limitsReset')}</p>}
      {notice.draftsCleared > 0 && <p>{tn('updateNotice.draftsCleared', notice.draftsCleared)}</p>}
      {onOpenSettings && (notice.sendTurnedOff || notice.limitsReset) && (
        <button type="button" onClick={onOpenSettings}>
          {t('status.openSettings')}
        </button>
      )}{' '}
      <button type="button" onClick={() => void updateNoticeItem.setValue(null)}>
        {t('updateNotice.dismiss')}
      </button>
    </div>
  );
}
