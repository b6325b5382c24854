import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { reportPage } from '../lib/page-report/scrub';
import { profileSlug } from '../lib/profile-url';

// "This page was read wrong": run by the report page (scripting.executeScript) in the profile's
// tab, only when the person asks; its return value, the scrubbed copy, goes to that page alone.
export default defineUnlistedScript(() => reportPage(document, { slug: profileSlug(location.href) ?? '' }));
