import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { SerializedApiError } from '../../lib/api/errors';
import type { Account } from '../../lib/api/schemas';
import { agentLabel, statusWord, type KnownContact } from '../../lib/add-contact/known';
import { t } from '../../lib/extension/i18n';
import type { ResponseData } from '../../lib/messaging/ask';
import { asError } from '../../lib/messaging/request-state';
import { lastTo } from '../../lib/sent-invitations/record';
import { sentRecordItem } from '../../lib/store/storage';
import { ErrorMessage } from './error-message';
import { useBackend } from './use-backend';
import { useRequest } from './use-request';
import { AddForm, type TargetSource } from './add-form';
import { SentBefore } from './sent-before';
import { useStored } from './use-stored';

export type { TargetSource } from './add-form';

export type Target = NonNullable<ResponseData['profileTarget']>;

/** Failed: the contacts could not be read, or (error null) nothing names the person to search them by. */
type Lookup = { phase: 'looking' } | { phase: 'done'; contact: KnownContact | null } | { phase: 'failed'; error: SerializedApiError | null };

interface Props {
  source: TargetSource;
  /** The profile the background found (null: the link chosen is no longer there). */
  target: Target | null;
  account: Account | undefined;
  /** The agent chosen by the queue's filter, preferred when it can take contacts. */
  preferredAgent: string | null;
  /** Shows the invitation in the queue (the popup's); without it, not offered. */
  onShowInvitation?: ((actionId: string) => void) | undefined;
  /** The tab the desk follows; without it, the active tab (the popup's). */
  tabId?: number | undefined;
}

/**
 * Loaded only when the background found a profile (popup-app.tsx), so the queue paints without it.
 * "This profile": first the invitation the extension sent them, as its own record keeps it; the
 * invitation of ours for the profile the person is on (ready, or being prepared), or whether they
 * are already a contact, or the form to add them to an agent (spec 000, ops 2, 3, 4 and 23). Someone
 * the record holds is never offered to an agent again, nor looked up.
 */
export function ThisProfile({ source, target, account, preferredAgent, onShowInvitation, tabId }: Props) {
  const tab = tabId !== undefined ? { tabId } : {};
  const backend = useBackend();
  const [lookup, setLookup] = useState<Lookup>({ phase: 'looking' });
  /**
   * A maybe-known person (name matched, address masked), or one the lookup could not answer for, is
   * added only after the person says so: an add the service accepts twice is a duplicate prospect.
   */
  const [addAnyway, setAddAnyway] = useState(false);
  const [prepared, prepareHere] = useRequest();
  const [reporting, runReport] = useRequest();
  /** null until read: nothing is looked up before the record says whether it knows the person. */
  const record = useStored(sentRecordItem, null);
  const sent = record && target ? lastTo(record, target.slug) : undefined;

  useEffect(() => {
    if (!target || target.invitation || target.preparing || !record || sent) return;
    setAddAnyway(false);
    // The background reads the contacts list (lib/add-contact/lookup.ts) and answers only this.
    void backend.ask({ type: 'knownContact', slug: target.slug, name: target.name }).then(
      (contact) => setLookup(contact === 'no-name' ? { phase: 'failed', error: null } : { phase: 'done', contact }),
      (error) => setLookup({ phase: 'failed', error: asError(error) }),
    );
  }, [target?.slug, !!record, !!sent]);

  if (target === null) return source === 'link' ? <p class="help this-profile">{t('add.linkGone')}</p> : null;
  // The slug is decoded once, where it is read (lib/network/profile-url.ts): decoding it again breaks on a `%`.
  const who = target.name ?? target.invitation?.name;
  return (
    <section class="this-profile" aria-labelledby="this-profile-title">
      {/* The name is the page's title's, which the page writes; the address is the browser's, and
          it is what is added or prepared: both shown, so that a page making them disagree is seen. */}
      <h2 id="this-profile-title">
        {t('add.title')} <span class="who">{who ?? target.slug}</span>
        {who && <span class="slug"> {t('add.address', [`linkedin.com/in/${target.slug}`])}</span>}
      </h2>
      {source === 'tab' && (
        <p>
          <button type="button" class="link" onClick={() => void runReport(() => backend.ask({ type: 'reportPage', ...tab }))}>
            {t('pageRead.report')}
          </button>
        </p>
      )}
      {source === 'tab' && reporting.phase === 'failed' && <ErrorMessage error={reporting.error} />}
      {sent && <SentBefore sent={sent} />}
      {target.invitation ? (
        <>
          <p class="row">
            <span>{t('add.invitationReady')}</span>
            <span class="row">
              {source === 'tab' && (
                // The panel comes to this tab only now, because the person asked for it here.
                <button
                  type="button"
                  class="primary"
                  disabled={prepared.phase === 'busy'}
                  onClick={() => void prepareHere(() => backend.ask({ type: 'prepareHere', slug: target.slug, ...tab }))}
                >
                  {t('add.prepareHere')}
                </button>
              )}
              {onShowInvitation && (
                <button type="button" onClick={() => onShowInvitation(target.invitation!.id)}>
                  {t('add.showInvitation')}
                </button>
              )}
            </span>
          </p>
          {prepared.phase === 'done' && (
            <p class="help" role="status">
              {t('add.preparedHere')}
            </p>
          )}
          {prepared.phase === 'failed' && <ErrorMessage error={prepared.error} />}
        </>
      ) : target.preparing ? (
        <p class="help">{target.preparing.agentName ? t('add.preparing', [target.preparing.agentName]) : t('add.preparingNoAgent')}</p>
      ) : sent ? null : lookup.phase === 'looking' ? (
        <p class="help" aria-live="polite">
          {t('add.looking')}
        </p>
      ) : lookup.phase === 'done' && lookup.contact?.maybe && !addAnyway ? (
        <CheckFirst confirm={t('knownMatch.addAnyway')} onConfirm={() => setAddAnyway(true)}>
          <p>{t('knownMatch.maybe', [maybeWho(lookup.contact, agentLabel(lookup.contact, account?.agents))])}</p>
          <p class="help">{t('knownMatch.why')}</p>
        </CheckFirst>
      ) : lookup.phase === 'failed' && !addAnyway ? (
        <CheckFirst confirm={t('knownUnchecked.checked')} onConfirm={() => setAddAnyway(true)}>
          <p>{t('knownUnchecked.title')}</p>
          {lookup.error ? <ErrorMessage error={lookup.error} quiet /> : <p class="help">{t('knownUnchecked.noName')}</p>}
          <p class="help">{t('knownUnchecked.why')}</p>
        </CheckFirst>
      ) : lookup.phase === 'done' && lookup.contact && !lookup.contact.maybe ? (
        <p class="row">
          <span>{knownWords(lookup.contact, agentLabel(lookup.contact, account?.agents))}</span>
          <button type="button" class="link" onClick={() => backend.openOptions('contacts')}>
            {t('add.openContacts')}
          </button>
        </p>
      ) : (
        <AddForm source={source} slug={target.slug} account={account} preferredAgent={preferredAgent} tabId={tabId} />
      )}
    </section>
  );
}

/** Whose contact the person is, in which status; "added from this extension" when no status is known yet. */
function knownWords(contact: KnownContact, agent: string | undefined): string {
  if (!contact.status) return t('add.addedBefore', [agent ?? '—']);
  return agent ? t('add.known', [agent, statusWord(contact.status)]) : t('add.knownNoAgent', [statusWord(contact.status)]);
}

/** "Emily Walsh, Coinpath, agent US Fintech Outreach": the contact the name matched. */
function maybeWho(contact: KnownContact, agent: string | undefined): string {
  return [contact.maybe?.name, contact.maybe?.company, agent ? t('knownMatch.agent', [agent]) : undefined].filter(Boolean).join(', ');
}

/**
 * The gate before an add the extension cannot vouch for (a name that matches a masked contact, a
 * lookup that could not answer): never a silent add, the form only once the person confirms.
 */
function CheckFirst({ confirm, onConfirm, children }: { confirm: string; onConfirm(): void; children: ComponentChildren }) {
  const backend = useBackend();
  return (
    <div class="banner warn" role="alert">
      {children}
      <p class="row">
        <button type="button" onClick={onConfirm}>
          {confirm}
        </button>
        <button type="button" class="link" onClick={() => backend.openOptions('contacts')}>
          {t('add.openContacts')}
        </button>
      </p>
    </div>
  );
}
