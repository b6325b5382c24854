import { useEffect, useState } from 'preact/hooks';
import type { SerializedApiError } from '../../lib/api/errors';
import type { Account } from '../../lib/api/schemas';
import { readContactList } from '../../lib/api/readers/contacts';
import { KNOWN_FRESH_MS, knownContact, searchTerm, statusWord, type KnownContact } from '../../lib/add-contact/known';
import { t } from '../../lib/i18n';
import type { ResponseData } from '../../lib/messaging/ask';
import { knownContactsItem } from '../../lib/storage';
import { asError } from '../shared/request-state';
import { ErrorMessage } from '../shared/error-message';
import { useBackend } from '../shared/use-backend';
import { AddForm } from './add-form';

export type TargetSource = 'tab' | 'link';
export type Target = NonNullable<ResponseData['profileTarget']>;

type Lookup = { phase: 'looking' } | { phase: 'done'; contact: KnownContact | null } | { phase: 'failed'; error: SerializedApiError };

interface Props {
  source: TargetSource;
  /** The profile the background found (null: the link chosen is no longer there). */
  target: Target | null;
  account: Account | undefined;
  /** The agent chosen by the queue's filter, preferred when it can take contacts. */
  preferredAgent: string | null;
  onShowInvitation(actionId: string): void;
}

/**
 * Loaded only when the background found a profile (popup-app.tsx), so the queue paints without it.
 * "This profile": the invitation of ours for the profile the person is on (ready, or being
 * prepared), or whether they are already a contact, or the form to add them to an agent (spec 000,
 * ops 2, 3, 4 and 23).
 */
export function ThisProfile({ source, target, account, preferredAgent, onShowInvitation }: Props) {
  const backend = useBackend();
  const [lookup, setLookup] = useState<Lookup>({ phase: 'looking' });

  useEffect(() => {
    if (!target || target.invitation || target.preparing) return;
    void lookUp(target).then(
      (contact) => setLookup({ phase: 'done', contact }),
      (error) => setLookup({ phase: 'failed', error: asError(error) }),
    );
  }, [target?.slug]);

  /** At most once per person in ten minutes (op 2 spends the shared request budget). */
  async function lookUp(found: Target): Promise<KnownContact | null> {
    const cached = (await knownContactsItem.getValue())[found.slug];
    if (cached && Date.now() - cached.at < KNOWN_FRESH_MS) return cached.contact;
    const search = searchTerm(found);
    if (!search) return null;
    const body = await backend.ask({ type: 'viewRead', call: { name: 'listContacts', query: { search, per_page: 25 } } });
    const contact = knownContact(readContactList(body).contacts, found);
    await remember(found.slug, contact);
    return contact;
  }

  async function remember(slug: string, contact: KnownContact | null): Promise<void> {
    await knownContactsItem.setValue({ ...(await knownContactsItem.getValue()), [slug]: { at: Date.now(), contact } });
  }

  if (target === null) return source === 'link' ? <p class="help this-profile">{t('add.linkGone')}</p> : null;
  const who = target.name ?? target.invitation?.name ?? decodeURIComponent(target.slug);
  return (
    <section class="this-profile" aria-labelledby="this-profile-title">
      <h2 id="this-profile-title">
        {t('add.title')} <span class="who">{who}</span>
      </h2>
      {source === 'tab' && (
        <p>
          <button type="button" class="link" onClick={() => void backend.ask({ type: 'reportPage' }).catch(() => {})}>
            {t('pageRead.report')}
          </button>
        </p>
      )}
      {target.invitation ? (
        <p class="row">
          <span>{t('add.invitationReady')}</span>
          <button type="button" onClick={() => onShowInvitation(target.invitation!.id)}>
            {t('add.showInvitation')}
          </button>
        </p>
      ) : target.preparing ? (
        <p class="help">{target.preparing.agentName ? t('add.preparing', [target.preparing.agentName]) : t('add.preparingNoAgent')}</p>
      ) : lookup.phase === 'looking' ? (
        <p class="help" aria-live="polite">
          {t('add.looking')}
        </p>
      ) : lookup.phase === 'done' && lookup.contact ? (
        <p class="row">
          <span>
            {!lookup.contact.status
              ? t('add.addedBefore', [lookup.contact.agentName ?? lookup.contact.agentId ?? '—'])
              : lookup.contact.agentName
                ? t('add.known', [lookup.contact.agentName, statusWord(lookup.contact.status)])
                : t('add.knownNoAgent', [statusWord(lookup.contact.status)])}
          </span>
          <button type="button" class="link" onClick={() => backend.openOptions('contacts')}>
            {t('add.openContacts')}
          </button>
        </p>
      ) : (
        <>
          {lookup.phase === 'failed' && (
            <>
              <p class="help">{t('add.lookupFailed')}</p>
              <ErrorMessage error={lookup.error} />
            </>
          )}
          <AddForm
            source={source}
            account={account}
            preferredAgent={preferredAgent}
            onAdded={(agentId, agentName) => void remember(target.slug, { id: '', agentId, agentName })}
          />
        </>
      )}
    </section>
  );
}
