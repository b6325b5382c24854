// A Send that is really the person's (docs/page-states.md, "The assisted send"): the page may move
// its Send button under a click meant for something else, cover it, or hide it. A click counts only
// when it is trusted, lands on the Send of the dialog the assistant opened for this prospect, and
// that button is drawn, on top at its centre, and where it was when the note was typed.

/** Where an element is drawn, in the viewport's pixels. */
export interface Spot {
  left: number;
  top: number;
  width: number;
  height: number;
}

export const spotOf = (el: Element): Spot => {
  const { left, top, width, height } = el.getBoundingClientRect();
  return { left, top, width, height };
};

/** Moves below this (sub-pixel layout, rounding) are no move. */
const MOVED_PX = 2;

const near = (a: Spot, b: Spot) => (['left', 'top', 'width', 'height'] as const).every((k) => Math.abs(a[k] - b[k]) < MOVED_PX);

/** Where Send is drawn now, if it is still the button the note was typed for: in the page, visible, on top at its centre, not moved. */
export function sendInPlace(send: HTMLElement, before: Spot): Spot | null {
  if (!send.isConnected) return null;
  const now = spotOf(send);
  if (!now.width || !now.height || !near(now, before)) return null;
  // Transparent (itself or an ancestor), or hidden: not what the person saw.
  if (send.checkVisibility && !send.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return null;
  // The topmost element at its centre, in its own tree (a dialog may be drawn in a shadow root).
  const root = send.getRootNode() as Document | ShadowRoot;
  const top = root.elementFromPoint?.(now.left + now.width / 2, now.top + now.height / 2);
  return top && send.contains(top) ? now : null;
}

/** Whether `event`, a click that reached the page's Send, is the person's own click on it (`before`: where it was). */
export function personsSend(event: MouseEvent, send: HTMLElement, before: Spot): boolean {
  if (!event.isTrusted || !send.contains(event.target as Node | null)) return false;
  const now = sendInPlace(send, before);
  if (!now) return false;
  // A pointer's click lands on the button as drawn now; a key's (Enter, Space on the focused Send) has no position.
  const { clientX: x, clientY: y } = event;
  return event.detail === 0 || (x >= now.left && x <= now.left + now.width && y >= now.top && y <= now.top + now.height);
}
