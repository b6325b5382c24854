import type { PageInfo } from '../../lib/api/schemas/common';
import { t } from '../../lib/extension/i18n';

/** Previous and next page, with the page number and the total when the service gives them. */
export function Pager({ page, info, onPage }: { page: number; info: PageInfo | undefined; onPage(page: number): void }) {
  const last = info?.lastPage;
  return (
    <nav class="pager" aria-label={t('views.pages')}>
      <button type="button" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        {t('views.previous')}
      </button>
      <span>
        {last ? t('views.pageOf', [page, last]) : t('views.page', [page])}
        {info?.total !== undefined && ` · ${t('views.total', [info.total.toLocaleString()])}`}
      </span>
      <button type="button" onClick={() => onPage(page + 1)} disabled={!info?.hasNext}>
        {t('views.next')}
      </button>
    </nav>
  );
}
