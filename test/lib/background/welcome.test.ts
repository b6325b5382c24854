// The first install opens the settings on the welcome; an update, or a build with its key already
// set (the demo's preset), does not.
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { welcomeOnInstall } from '../../../lib/background/welcome';
import { apiKeyItem } from '../../../lib/store/storage';

function spyTabs() {
  const create = vi.fn(async (details: { url?: string }) => ({ id: 1, url: details.url }) as never);
  fakeBrowser.tabs.create = create as unknown as typeof fakeBrowser.tabs.create;
  return create;
}

describe('the welcome on first install', () => {
  it('opens the settings on the welcome when the extension is installed without a key', async () => {
    const create = spyTabs();
    await welcomeOnInstall('install');
    expect(create).toHaveBeenCalledTimes(1);
    expect(create.mock.calls[0]![0].url).toMatch(/\/options\.html\?welcome$/);
  });

  it('opens nothing on an update, or when a key is already set', async () => {
    const create = spyTabs();
    await welcomeOnInstall('update');
    await welcomeOnInstall('browser_update');
    await apiKeyItem.setValue('demo-key-3f9c2a7b51e84d06');
    await welcomeOnInstall('install');
    expect(create).not.toHaveBeenCalled();
  });
});
