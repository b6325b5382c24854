import { render } from 'preact';
import { browser } from 'wxt/browser';
import { ReportView } from '../../components/report/report-view';
import { t } from '../../lib/extension/i18n';
import { REPORT_SLOT, type PageReport } from '../../lib/page/report/scrub';
import { reportNamesItem } from '../../lib/store/storage';
import '../../components/shared/base.css';
import './style.css';

document.documentElement.lang = browser.i18n.getUILanguage();
document.title = t('pageRead.reportTitle');

const query = new URLSearchParams(location.search);
const tabId = Number(query.get('tab'));

/** The scrubbed copy, made in the profile's tab (the panel's frame) by the page-report script. */
async function read(): Promise<PageReport> {
  const target = { tabId, frameIds: [0] };
  // The prospect's name, for the reader to know their card by, as the panel does: left by the
  // background in the extension's storage, never in this page's address (history keeps addresses).
  const name = (await reportNamesItem.getValue())[tabId] ?? null;
  await browser.scripting.executeScript({
    target,
    func: (slot: string, name: string | null) => {
      (globalThis as Record<string, unknown>)[slot] = { name };
    },
    args: [REPORT_SLOT, name],
  });
  await browser.scripting.executeScript({ target, files: ['/page-report.js'] });
  // Taken once: nothing of it stays in the tab.
  const [result] = await browser.scripting.executeScript({
    target,
    func: (slot: string) => {
      const scope = globalThis as Record<string, unknown>;
      const copy = scope[slot];
      delete scope[slot];
      return copy;
    },
    args: [REPORT_SLOT],
  });
  const report = result?.result as PageReport | undefined;
  if (!report?.html) throw new Error('no report');
  return report;
}

render(<ReportView read={read} />, document.getElementById('app')!);
