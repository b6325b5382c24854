import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { REPORT_SLOT, reportPage } from '../lib/page/report/scrub';
import { profileSlug } from '../lib/network/profile-url';

// "This page was read wrong": run by the report page (scripting.executeScript) in the profile's
// tab, only when the person asks. The copy waits in the extension's isolated world (the page
// cannot read it) for the report page to take it: the builds drop scripts' return values
// (wxt.config.ts, globalName).
export default defineUnlistedScript(() => {
  const scope = globalThis as Record<string, unknown>;
  // The report page leaves the prospect's name there first (the service's, when it has one).
  const name = (scope[REPORT_SLOT] as { name?: string } | undefined)?.name;
  scope[REPORT_SLOT] = reportPage(document, { slug: profileSlug(location.href) ?? '', name });
});
