import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { mountPanel } from '../components/panel/mount';

// Loaded by the background with scripting.executeScript, only on a profile with an invitation.
export default defineUnlistedScript(() => mountPanel());
