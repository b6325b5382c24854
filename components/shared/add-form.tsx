import { useEffect, useState } from 'preact/hooks';
import type { SerializedApiError } from '../../lib/api/errors';
import type { Account } from '../../lib/api/schemas';
import type { FieldSpec } from '../../lib/api/schemas/agents';
import { fieldLabel, missingRequired } from '../../lib/add-contact/form';
import { fieldProblems, namedFields, type AddOutcome } from '../../lib/add-contact/outcome';
import { isNoTarget } from '../../lib/add-contact/target';
import { t } from '../../lib/extension/i18n';
import { asError } from '../../lib/messaging/request-state';
import { ErrorMessage } from './error-message';
import { uniqueId } from './unique-id';
import { useBackend } from './use-backend';

/** Where the person to add comes from: the active tab, or a link right-clicked. */
export type TargetSource = 'tab' | 'link';

type Fields = { phase: 'loading' } | { phase: 'ready'; fields: FieldSpec[] } | { phase: 'failed'; error: SerializedApiError };
type Sent = { phase: 'idle' } | { phase: 'busy' } | { phase: 'done'; outcome: AddOutcome } | { phase: 'failed'; error: SerializedApiError };

interface Props {
  source: TargetSource;
  /** The profile this form shows: the background adds it, or no one if the tab now shows another. */
  slug: string;
  account: Account | undefined;
  preferredAgent: string | null;
  /** The tab the desk follows (the popup's is the active tab). */
  tabId?: number | undefined;
}

const writable = (status: string) => status === 'active';
/** Agent statuses with their own words (locales, agentStatus). */
const STATUS_WORDS = new Set(['setup', 'paused', 'cancelled', 'pending_payment', 'draft']);

/** Agent, optional context and the agent's required variables; one click when nothing more is needed. */
export function AddForm({ source, slug, account, preferredAgent, tabId }: Props) {
  const backend = useBackend();
  const [id] = useState(() => uniqueId('add'));
  const agents = account?.agents ?? [];
  const firstWritable = agents.find((a) => a.id === preferredAgent && writable(a.status)) ?? agents.find((a) => writable(a.status));
  const [agentId, setAgentId] = useState(firstWritable?.id ?? '');
  const [fields, setFields] = useState<Fields>({ phase: 'loading' });
  const [values, setValues] = useState<Record<string, string>>({});
  const [context, setContext] = useState('');
  const [missing, setMissing] = useState<string[]>([]);
  const [sent, setSent] = useState<Sent>({ phase: 'idle' });
  /** Fields only the service's 422 named, shown so they can be filled in. */
  const [named, setNamed] = useState<FieldSpec[]>([]);

  // The account may be read after the first paint: choose an agent once it is known.
  useEffect(() => {
    if (!agentId && firstWritable) setAgentId(firstWritable.id);
  }, [firstWritable?.id]);

  useEffect(() => {
    if (!agentId) return;
    setNamed([]);
    setFields({ phase: 'loading' });
    // The background reads operation 4 and keeps it an hour (lib/background/add-to-agent.ts).
    void backend.ask({ type: 'agentFields', agentId }).then(
      (list) => setFields({ phase: 'ready', fields: list }),
      (error) => setFields({ phase: 'failed', error: asError(error) }),
    );
  }, [agentId]);

  if (agents.length === 0) return <p class="help">{t('add.noAgents')}</p>;
  if (!firstWritable) return <p class="help">{t('add.noWritableAgent')}</p>;
  if (sent.phase === 'done') {
    return (
      <p class={`feedback ${sent.outcome.kind === 'duplicate' ? '' : 'ok'}`} role="status">
        {t(`add.outcome.${sent.outcome.kind}`, [agents.find((a) => a.id === agentId)?.name ?? agentId])}
      </p>
    );
  }

  const list = [...(fields.phase === 'ready' ? fields.fields : []), ...named];
  const problems = sent.phase === 'failed' ? fieldProblems(sent.error, list) : undefined;
  const fieldError = (name: string) => (missing.includes(name) ? t('add.required') : problems?.byField[name]);
  const contextError = problems?.byField.ai_context;

  const submit = async (e: Event) => {
    e.preventDefault();
    const empty = missingRequired(list, values);
    setMissing(empty);
    if (empty.length) {
      document.getElementById(`${id}-${empty[0]}`)?.focus();
      return;
    }
    setSent({ phase: 'busy' });
    try {
      const receipt = await backend.ask({
        type: 'addToAgent',
        source,
        slug,
        agentId,
        aiContext: context || undefined,
        custom: values,
        ...(tabId !== undefined ? { tabId } : {}),
      });
      setSent({ phase: 'done', outcome: { kind: receipt.outcome } });
    } catch (error) {
      const failure = asError(error);
      // The same person added before: nothing new was created, which is what the person wanted.
      if (fieldProblems(failure, list).duplicate) setSent({ phase: 'done', outcome: { kind: 'duplicate' } });
      else {
        setNamed([...named, ...namedFields(failure, list)]);
        setSent({ phase: 'failed', error: failure });
      }
    }
  };

  return (
    <form class="add-form" onSubmit={(e) => void submit(e)} noValidate>
      <label for={`${id}-agent`}>{t('add.agent')}</label>
      <select id={`${id}-agent`} value={agentId} onChange={(e) => setAgentId(e.currentTarget.value)}>
        {agents.map((a) => (
          <option key={a.id} value={a.id} disabled={!writable(a.status)}>
            {writable(a.status)
              ? (a.name ?? a.id)
              : t('add.agentUnavailable', [a.name ?? a.id, STATUS_WORDS.has(a.status) ? t(`agentStatus.${a.status}`) : a.status])}
          </option>
        ))}
      </select>
      {fields.phase === 'loading' && <p class="help">{t('add.fieldsLoading')}</p>}
      {fields.phase === 'failed' && (
        <>
          <p class="help">{t('add.fieldsFailed')}</p>
          <ErrorMessage error={fields.error} />
        </>
      )}
      {list.map((f) => {
        const error = fieldError(f.name);
        return (
          <div key={f.name} class="field">
            <label for={`${id}-${f.name}`}>
              {fieldLabel(f)}
              {f.required && <span class="muted"> ({t('add.requiredMark')})</span>}
            </label>
            <input
              id={`${id}-${f.name}`}
              value={values[f.name] ?? ''}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-${f.name}-error` : undefined}
              required={f.required}
              maxLength={1000}
              onInput={(e) => setValues({ ...values, [f.name]: e.currentTarget.value })}
            />
            {f.description && <p class="help">{f.description}</p>}
            {error && (
              <p id={`${id}-${f.name}-error`} class="feedback error">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <label for={`${id}-context`}>{t('add.context')}</label>
      <textarea
        id={`${id}-context`}
        rows={2}
        maxLength={5000}
        value={context}
        aria-invalid={contextError ? true : undefined}
        aria-describedby={contextError ? `${id}-context-help ${id}-context-error` : `${id}-context-help`}
        onInput={(e) => setContext(e.currentTarget.value)}
      />
      <p id={`${id}-context-help`} class="help">
        {t('add.contextHelp')}
      </p>
      {contextError && (
        <p id={`${id}-context-error`} class="feedback error">
          {contextError}
        </p>
      )}
      {sent.phase === 'failed' &&
        (source === 'link' && isNoTarget(sent.error) ? (
          <p class="feedback error" role="alert">
            {t('add.linkGone')}
          </p>
        ) : problems?.any ? (
          problems.others.map((message) => (
            <p key={message} class="feedback error" role="alert">
              {message}
            </p>
          ))
        ) : (
          <ErrorMessage error={sent.error} />
        ))}
      <button type="submit" class="primary" disabled={sent.phase === 'busy' || fields.phase === 'loading'} aria-busy={sent.phase === 'busy'}>
        {sent.phase === 'busy' ? t('add.busy') : t('add.submit')}
      </button>
    </form>
  );
}
