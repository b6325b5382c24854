import { render } from 'preact';
import { browser } from 'wxt/browser';
import { ReportView } from '../../components/report/report-view';
import { t } from '../../lib/i18n';
import type { PageReport } from '../../lib/page-report/scrub';
import '../../components/shared/base.css';
import './style.css';

document.documentElement.lang = browser.i18n.getUILanguage();
document.title = t('pageRead.reportTitle');

const tabId = Number(new URLSearchParams(location.search).get('tab'));

/** The scrubbed copy, made in the profile's tab (the panel's frame) by the page-report script. */
async function read(): Promise<PageReport> {
  const [result] = await browser.scripting.executeScript({ target: { tabId, frameIds: [0] }, files: ['/page-report.js'] });
  const report = result?.result as PageReport | undefined;
  if (!report?.html) throw new Error('no report');
  return report;
}

render(<ReportView read={read} />, document.getElementById('app')!);
