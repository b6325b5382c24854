import type { ComponentChildren } from 'preact';
import type { SerializedApiError } from '../../lib/api/errors';
import { t } from '../../lib/extension/i18n';
import { ErrorMessage } from '../shared/error-message';
import { BudgetWait } from './budget-wait';
import { NoList } from './no-list';
import type { Member } from '../../lib/views/no-list';
import { clockText } from '../shared/time-text';

/** What a header shows of a view's data: `useViewData`'s or `useAccountRead`'s answer as it is. */
export interface HeaderData {
  phase: 'loading' | 'ready' | 'failed';
  asOf?: number | undefined;
  error?: SerializedApiError | undefined;
  /** No list of records was found: what the answer had instead. */
  noList?: Member[] | undefined;
  refresh(): void;
}

/** A view's title, when its data was read, Refresh, and a failure in plain words. */
export function ViewHeader(props: {
  title: string;
  data: HeaderData;
  /** 3: a part of a view, under the view's own heading; 4: a part of such a part. */
  level?: 2 | 3 | 4;
  children?: ComponentChildren;
}) {
  const { title, data, children, level = 2 } = props;
  const { phase, asOf, error } = data;
  return (
    <header class="view-header">
      {level === 2 ? (
        <h2 id="view-heading" tabIndex={-1}>
          {title}
        </h2>
      ) : level === 3 ? (
        <h3>{title}</h3>
      ) : (
        <h4>{title}</h4>
      )}
      {children}
      <p class="as-of" role="status">
        {phase === 'loading' ? t('views.loading') : asOf !== undefined && t('views.asOf', [clockText(asOf)])}
      </p>
      <button type="button" onClick={data.refresh} disabled={phase === 'loading'}>
        {t('views.refresh')}
      </button>
      {phase === 'failed' &&
        error &&
        (error.kind === 'rate-limited' && error.retryAfterSeconds !== undefined ? (
          <BudgetWait seconds={error.retryAfterSeconds} />
        ) : data.noList ? (
          <NoList title={title} members={data.noList} error={error} />
        ) : (
          <ErrorMessage error={error} />
        ))}
    </header>
  );
}
