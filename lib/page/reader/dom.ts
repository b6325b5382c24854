/** Collapsed, lowercased text for comparing labels. */
export function norm(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** Both things a control says (aria-label and visible text), for matching either. */
export function labelsOf(el: Element): string[] {
  return [norm(el.getAttribute('aria-label')), norm(el.textContent)].filter(Boolean);
}

export function isDisabled(el: Element): boolean {
  return el.hasAttribute('disabled') || el.getAttribute('aria-disabled') === 'true';
}

/**
 * The extension's own panel host, set while one is shown. Its shadow root is closed in store
 * builds; the sandbox build opens it for tests, and what it shows is never the page's (its
 * status lines speak of invitations and limits too).
 */
export const own: { host?: Element | null } = {};

/** The open shadow roots of the page (not the panel's), found with one walk of the document. */
export function shadowRoots(root: ParentNode): ShadowRoot[] {
  const found: ShadowRoot[] = [];
  for (const el of root.querySelectorAll('*')) {
    const shadow = el.shadowRoot;
    if (shadow && el !== own.host) found.push(shadow, ...shadowRoots(shadow));
  }
  return found;
}

/** Every element matching `selector` in the node and in the open shadow roots it holds. */
export const queryAllDeep = (root: ParentNode, selector: string): Element[] => [root, ...shadowRoots(root)].flatMap((r) => [...r.querySelectorAll(selector)]);

/** Interactive controls in document order. */
export const CONTROLS = 'button, a[href], [role="button"], [role="menuitem"]';

export function matchesWord(label: string, list: readonly string[]): boolean {
  return list.includes(label);
}

export function startsWithWord(label: string, list: readonly string[]): boolean {
  return list.some((w) => label === w || label.startsWith(`${w} `) || label.startsWith(`${w},`));
}

/** The signs seen, in the order listed: what a reading rests on (a card's, a row's, a page's evidence). */
export const signsSeen = <T extends string>(signs: ReadonlyArray<readonly [T, unknown]>): T[] => signs.filter(([, seen]) => seen).map(([sign]) => sign);
