// The store build on a profile page: nothing in the page's DOM names the extension while the
// panel is shown (the network's pages scan their own DOM for extension traces).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveProfiles } from '../fixtures/serve-profiles';
import { BUILDING_HOOK_MS, openAsExtension, type ExtensionBrowser } from './browser';
import { launchStoreBuildWithOneReady } from './store-build-launch';

const SLUG = 'jane-doe-42';
const NAME = 'Jane Doe';
let ext: ExtensionBrowser;

beforeAll(async () => {
  ext = await launchStoreBuildWithOneReady(SLUG, NAME);
  await serveProfiles(ext.context, (slug) => (slug === SLUG ? { name: NAME, card: 'connect', mimic: {} } : undefined));
}, BUILDING_HOOK_MS);

afterAll(async () => {
  await ext?.close();
});

describe('store build', () => {
  it('shows the panel in a closed shadow root on a host that names nothing, and leaves no string naming the extension in the page', async () => {
    const page = await ext.context.newPage();
    await page.goto(`https://www.linkedin.com/in/${SLUG}/`);
    // The popup's Open profile brings the panel to this tab (it comes nowhere by itself).
    await openAsExtension(ext, 'na_store_1', page);
    // The panel is there: DevTools sees into closed shadow roots, the page does not.
    const cdp = await page.context().newCDPSession(page);
    type Node = { nodeName: string; shadowRootType?: string; children?: Node[]; shadowRoots?: Node[]; nodeValue?: string };
    const closedRoots = async () => {
      const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: Node };
      const found: Node[] = [];
      const walk = (n: Node) => {
        for (const s of n.shadowRoots ?? []) {
          if (s.shadowRootType === 'closed') found.push(s);
          walk(s);
        }
        n.children?.forEach(walk);
      };
      walk(root);
      return found;
    };
    await expect.poll(async () => (await closedRoots()).length, { timeout: 15_000 }).toBe(1);
    expect(JSON.stringify(await closedRoots())).toContain(NAME);

    const seen = await page.evaluate(() => {
      const roots: string[] = [];
      for (const el of document.querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot.innerHTML);
      const host = document.body.lastElementChild!;
      return {
        html: document.documentElement.outerHTML + roots.join(''),
        text: document.body.innerText,
        marks: performance
          .getEntries()
          .map((e) => e.name)
          .join(' '),
        hostAttributes: host.getAttributeNames(),
        hostTag: host.tagName,
        hostRoot: host.shadowRoot,
      };
    });
    for (const trace of ['chrome-extension', ext.extensionId, 'invitation-assistant', 'invitation assistant', 'invitationassistant']) {
      expect(seen.html.toLowerCase()).not.toContain(trace.toLowerCase());
      expect(seen.text.toLowerCase()).not.toContain(trace.toLowerCase());
      expect(seen.marks.toLowerCase()).not.toContain(trace.toLowerCase());
    }
    expect(seen).toMatchObject({ hostTag: 'DIV', hostAttributes: [], hostRoot: null });
    await page.close();
  });
});
