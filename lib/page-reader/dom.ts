/** Collapsed, lowercased text for comparing labels. */
export function norm(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** What a control says: its aria-label, else its text. */
export function labelOf(el: Element): string {
  return norm(el.getAttribute('aria-label')) || norm(el.textContent);
}

/** Both things a control says (aria-label and visible text), for matching either. */
export function labelsOf(el: Element): string[] {
  return [norm(el.getAttribute('aria-label')), norm(el.textContent)].filter(Boolean);
}

export function isDisabled(el: Element): boolean {
  return el.hasAttribute('disabled') || el.getAttribute('aria-disabled') === 'true';
}

/** The extension's own panel host: what it shows is never the page's. */
export const PANEL_HOST_ID = 'invitation-assistant-panel';

/**
 * Every element matching `selector` in the node and in the open shadow roots it holds, except
 * the extension's own panel (its status lines speak of invitations and limits too).
 */
export function queryAllDeep(root: ParentNode, selector: string): Element[] {
  const found: Element[] = [...root.querySelectorAll(selector)];
  for (const el of root.querySelectorAll('*')) {
    const shadow = (el as Element & { shadowRoot: ShadowRoot | null }).shadowRoot;
    if (shadow && el.id !== PANEL_HOST_ID) found.push(...queryAllDeep(shadow, selector));
  }
  return found;
}

/** Interactive controls in document order. */
export const CONTROLS = 'button, a[href], [role="button"], [role="menuitem"]';

export function matchesWord(label: string, list: readonly string[]): boolean {
  return list.includes(label);
}

export function startsWithWord(label: string, list: readonly string[]): boolean {
  return list.some((w) => label === w || label.startsWith(`${w} `) || label.startsWith(`${w},`));
}
