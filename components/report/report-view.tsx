import { useEffect, useState } from 'preact/hooks';
import { camel, t } from '../../lib/extension/i18n';
import type { PageReport } from '../../lib/page/report/scrub';
import { withExpected } from '../../lib/page/report/scrub';
import { INVITATION_STATES, type InvitationState } from '../../lib/network/profile-states';

type Phase = { name: 'reading' } | { name: 'failed' } | { name: 'ready'; report: PageReport };

interface Props {
  /** Makes the scrubbed copy in the profile's tab. */
  read(): Promise<PageReport>;
  /** Saves the file (the browser's download of a local file; tests give their own). */
  save?(html: string, fileName: string): void;
}

function download(html: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([html], { type: 'text/html' }));
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 60_000);
}

/**
 * "This page was read wrong": the scrubbed copy of what the reader looked at, shown before it is
 * saved, with the state the person says the page shows written in. Saved as a file, never sent.
 */
export function ReportView({ read, save = download }: Props) {
  const [phase, setPhase] = useState<Phase>({ name: 'reading' });
  const [expected, setExpected] = useState<InvitationState | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    read().then(
      (report) => {
        setPhase({ name: 'ready', report });
        setExpected(report.state);
      },
      () => setPhase({ name: 'failed' }),
    );
  }, []);

  const html = phase.name === 'ready' && expected ? withExpected(phase.report.html, expected) : '';
  return (
    <main class="report">
      <h1>{t('pageRead.reportTitle')}</h1>
      <p>{t('pageRead.reportIntro')}</p>
      {phase.name === 'reading' && <p aria-live="polite">{t('pageRead.reportReading')}</p>}
      {phase.name === 'failed' && <p class="error">{t('pageRead.reportFailed')}</p>}
      {phase.name === 'ready' && (
        <>
          <p>{t('pageRead.reportRead', [t(`panel.state.${camel(phase.report.state)}`)])}</p>
          <label>
            {t('pageRead.reportExpected')}{' '}
            <select
              value={expected ?? undefined}
              onChange={(e) => {
                setExpected((e.currentTarget as HTMLSelectElement).value as InvitationState);
                setSaved(false);
              }}
            >
              {INVITATION_STATES.map((state) => (
                <option key={state} value={state}>
                  {t(`panel.state.${camel(state)}`)} ({state})
                </option>
              ))}
            </select>
          </label>
          <h2>{t('pageRead.reportPreview')}</h2>
          <textarea class="report-preview" readOnly rows={20} aria-label={t('pageRead.reportPreview')} value={html} />
          <p>{t('pageRead.reportWhere')}</p>
          <button
            type="button"
            class="primary"
            onClick={() => {
              save(html, `page-report-${expected}.html`);
              setSaved(true);
            }}
          >
            {t('pageRead.reportSave')}
          </button>
          {saved && <p role="status">{t('pageRead.reportSaved')}</p>}
        </>
      )}
    </main>
  );
}
