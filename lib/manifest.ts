/** Hosts of the professional network whose pages the extension may read. */
export const NETWORK_ORIGIN = 'https://www.linkedin.com';

/** Local hosts that only the sandbox build may reach without asking. */
export const SANDBOX_HOSTS = ['http://127.0.0.1/*', 'http://localhost/*'];

type Manifest = Record<string, unknown>;

/** The manifest of one build: store builds and the sandbox build differ only in hosts. */
export function manifestFor(browser: string, mode: string): Manifest {
  const sandbox = mode === 'sandbox';
  const manifest: Manifest = {
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    permissions: ['storage', 'alarms'],
    // The network's own pages: to find an already open profile tab (and, later, to read it).
    host_permissions: [`${NETWORK_ORIGIN}/*`, ...(sandbox ? SANDBOX_HOSTS : [])],
    // The service's address is the user's choice; its origin is asked for when saved.
    optional_host_permissions: ['https://*/*', ...SANDBOX_HOSTS],
    action: { default_title: '__MSG_extName__' },
  };
  if (browser === 'firefox') {
    manifest.browser_specific_settings = {
      gecko: {
        id: 'invitation-assistant@invitation-assistant.app',
        strict_min_version: '115.0',
        data_collection_permissions: { required: ['none'] },
      },
    };
  }
  return manifest;
}
