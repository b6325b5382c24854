import { SUGGESTED_KEYS } from './shortcuts';

/** Hosts of the professional network whose pages the extension may read. */
export const NETWORK_ORIGIN = 'https://www.linkedin.com';

/** Local hosts that only the sandbox build may reach without asking. */
const SANDBOX_HOSTS = ['http://127.0.0.1/*', 'http://localhost/*'];

/** The loader's bundle (entrypoints/loader.ts), also injected into network tabs open on install or update. */
const LOADER_FILE = 'loader.js';

type Manifest = Record<string, unknown>;

/** Firefox's data consent categories of what the extension transmits, all to the person's own service. */
export const FIREFOX_DATA_COLLECTION = ['authenticationInfo', 'personallyIdentifyingInfo', 'websiteActivity'];

/** The manifest of one build: store builds and the sandbox build differ only in hosts. */
export function manifestFor(browser: string, mode: string): Manifest {
  const sandbox = mode === 'sandbox';
  const manifest: Manifest = {
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    // scripting loads the in-page panel only on a profile that has an invitation; contextMenus
    // offers "Add to an agent…" on profile links (docs/permissions.md).
    permissions: ['storage', 'alarms', 'scripting', 'contextMenus'],
    // The network's own pages: to find an already open profile tab (and, later, to read it).
    host_permissions: [`${NETWORK_ORIGIN}/*`, ...(sandbox ? SANDBOX_HOSTS : [])],
    // The service's address is the user's choice; its origin is asked for when saved.
    // Plain-HTTP loopback only in the sandbox build (lib/api/service-url.ts refuses it elsewhere).
    optional_host_permissions: ['https://*/*', ...(sandbox ? SANDBOX_HOSTS : [])],
    action: { default_title: '__MSG_extName__' },
    // The loader, on every page of the network: people reach a profile from the feed, a search or
    // messaging without a document load. Declared here rather than as a WXT content script, whose
    // start-up posts the extension's id to the page (docs/page-states.md).
    content_scripts: [{ matches: [`${NETWORK_ORIGIN}/*`], js: [LOADER_FILE], run_at: 'document_idle' }],
    // Keyboard shortcuts, changeable in the browser (chrome://extensions/shortcuts, about:addons);
    // why these keys: lib/extension/shortcuts.ts. Chrome takes at most four suggested keys: three are used.
    commands: {
      'focus-panel': { suggested_key: { default: SUGGESTED_KEYS['focus-panel'] }, description: '__MSG_command_focusPanel__' },
      'open-next': { suggested_key: { default: SUGGESTED_KEYS['open-next'] }, description: '__MSG_command_openNext__' },
      'open-desk': { suggested_key: { default: SUGGESTED_KEYS['open-desk'] }, description: '__MSG_command_openDesk__' },
    },
  };
  if (browser === 'firefox') {
    // Firefox builds are MV2, where optional hosts are listed in optional_permissions
    // (WXT drops the MV3-only optional_host_permissions key there).
    manifest.optional_permissions = manifest.optional_host_permissions;
    manifest.browser_specific_settings = {
      gecko: {
        id: 'invitation-assistant@invitation-assistant.app',
        strict_min_version: '140.0',
        // What is sent to the service the person configured (docs/privacy.md, which a test keeps in
        // step): their API key, the names and profile addresses of people, their sends on the network.
        data_collection_permissions: { required: FIREFOX_DATA_COLLECTION },
      },
      // data_collection_permissions arrived in Firefox for Android 142.
      gecko_android: { strict_min_version: '142.0' },
    };
  } else {
    // storage.local.setAccessLevel (content scripts kept out of extension storage) came in
    // Chrome 140; before it the call is missing and content scripts can read and write the storage.
    manifest.minimum_chrome_version = '140';
  }
  return manifest;
}
