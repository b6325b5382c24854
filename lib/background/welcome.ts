// The first install opens the settings on a short welcome (components/options/welcome.tsx), so
// that nobody has to find the options page first. Not when a key is already set (a preset demo
// build), nor on an update or a browser update (h25's update handling is apart from this).
import { browser } from 'wxt/browser';
import { apiKeyItem } from '../store/storage';

export async function welcomeOnInstall(reason: string): Promise<void> {
  if (reason !== 'install' || (await apiKeyItem.getValue())) return;
  await browser.tabs.create({ url: browser.runtime.getURL('/options.html?welcome') });
}
