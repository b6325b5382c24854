import { t } from '../../lib/extension/i18n';
import type { SentInvitation } from '../../lib/sent-invitations/record';
import { dayOf } from './withdraw-text';

/** What became of it, as the record knows: withdrawn or accepted on a day, else pending. */
function stateWords(sent: SentInvitation): string {
  if (sent.withdrawnAt !== undefined) return t('sentBefore.withdrawn', [dayOf(sent.withdrawnAt)]);
  if (sent.acceptedAt !== undefined) return t('sentBefore.accepted', [dayOf(sent.acceptedAt)]);
  return t('sentBefore.pending');
}

/**
 * "Invitation sent on 12 November 2026 through Prospection SaaS — pending", and the note that went
 * with it: the extension's own record (lib/sent-invitations/record.ts), read before anything else
 * This profile could say of the person.
 */
export function SentBefore({ sent }: { sent: SentInvitation }) {
  const when = dayOf(sent.sentAt);
  const head = sent.agentName ? t('sentBefore.sent', [when, sent.agentName]) : t('sentBefore.sentNoAgent', [when]);
  return (
    <div class="sent-before">
      <p>
        <strong>{head}</strong> — {stateWords(sent)}
      </p>
      {sent.note ? (
        <p class="sent-note">
          <span class="muted">{t('sentBefore.note')}</span> {sent.note}
        </p>
      ) : (
        <p class="help">{t('sentBefore.noNote')}</p>
      )}
    </div>
  );
}
