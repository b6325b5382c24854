// The loader's own main-thread time while the person does nothing, on a feed-like page whose
// script keeps adding posts and rewriting its address, and on a prospect's profile with the panel
// shown. V8's sampling profiler (the loader runs in the page's isolate) attributes each sample to
// the script on its stack: the loader's share is the time of samples with loader.js on them.
import type { Page } from 'playwright-core';
import { openAsExtension, type ExtensionBrowser } from '../../test/e2e/browser';
import { networkApp } from '../../test/fixtures/network-app';

export const LOADER_WINDOW_MS = 60_000;

/** The site's own life on an idle page: a post added every half second, the address rewritten every 15 s. */
const BUSY_PAGE = `<script>
  let n = 0;
  setInterval(() => {
    const post = document.createElement('article');
    post.innerHTML = '<h3>Post ' + ++n + '</h3><p>' + 'Words of a post. '.repeat(20) + '</p><button>Like</button>';
    document.querySelector('main').append(post);
    if (n % 30 === 0) history.replaceState({}, '', location.pathname + '?page=' + n);
  }, 500);
</script>`;

interface ProfileNode {
  id: number;
  callFrame: { url: string };
  children?: number[];
}

/** Milliseconds of samples whose stack holds a frame of a script whose URL ends with `file`. */
async function scriptTimeMs(page: Page, file: string, windowMs: number): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.waitForTimeout(windowMs);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } };
  await cdp.detach();
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const ours = new Map<number, boolean>();
  const isOurs = (id: number): boolean => {
    const known = ours.get(id);
    if (known !== undefined) return known;
    const up = parent.get(id);
    const result = !!byId.get(id)?.callFrame.url.endsWith(file) || (up !== undefined && isOurs(up));
    ours.set(id, result);
    return result;
  };
  let micros = 0;
  // A sample's time is the interval up to the next one.
  for (let i = 0; i < profile.samples.length - 1; i++) if (isOurs(profile.samples[i]!)) micros += profile.timeDeltas[i + 1] ?? 0;
  return micros / 1000;
}

/** The loader's main-thread ms a minute on a busy feed and on a prospect's profile with the panel shown. */
export async function loaderIdleCost(ext: ExtensionBrowser, prospect: { id: string; slug: string; name: string }): Promise<{ feed: number; profile: number }> {
  const body = networkApp({ [prospect.slug]: { name: prospect.name, card: 'connect' } }).replace('</body>', `${BUSY_PAGE}</body>`);
  await ext.context.route('https://www.linkedin.com/**', (route) =>
    route.request().resourceType() === 'document'
      ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body })
      : route.fulfill({ status: 404, body: '' }),
  );
  const perMinute = (ms: number) => ms * (60_000 / LOADER_WINDOW_MS);
  const feed = await ext.context.newPage();
  await feed.goto('https://www.linkedin.com/feed/');
  await feed.waitForTimeout(1000);
  const onFeed = await scriptTimeMs(feed, '/loader.js', LOADER_WINDOW_MS);
  await feed.close();
  const profile = await ext.context.newPage();
  await profile.goto(`https://www.linkedin.com/in/${prospect.slug}/`);
  // The panel comes where the extension brings the tab (the popup's Open profile, on this one).
  await openAsExtension(ext, prospect.id, profile);
  await profile.locator('#invitation-assistant-panel').waitFor({ state: 'attached', timeout: 20_000 });
  await profile.waitForTimeout(1000);
  const onProfile = await scriptTimeMs(profile, '/loader.js', LOADER_WINDOW_MS);
  await profile.close();
  await ext.context.unroute('https://www.linkedin.com/**');
  return { feed: perMinute(onFeed), profile: perMinute(onProfile) };
}
