// happy-dom lays nothing out: no size, no position, nothing at any point. For the panel's check of
// a Send that is really the person's (lib/page/assist/send-click.ts), each element measured is drawn
// here in a spot of its own (a row 40 px below the one before), and what is at a point is the
// element drawn there last. A test moves an element, or draws one over another, with `move`.
import { vi } from 'vitest';

interface Spot {
  left: number;
  top: number;
  width: number;
  height: number;
}

const rect = (r: Spot) => ({ ...r, x: r.left, y: r.top, right: r.left + r.width, bottom: r.top + r.height, toJSON: () => r }) as DOMRect;
const holds = (r: Spot, x: number, y: number) => x >= r.left && x <= r.left + r.width && y >= r.top && y <= r.top + r.height;

export function fakeLayout() {
  const drawn: [Element, Spot][] = [];
  const spotOf = (el: Element) => drawn.findLast(([e]) => e === el)?.[1];
  const draw = (el: Element, spot: Spot) => void drawn.push([el, spot]);
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    let spot = spotOf(this);
    if (!spot) draw(this, (spot = { left: 20, top: 40 * drawn.length, width: 80, height: 32 }));
    return rect(spot);
  });
  function elementFromPoint(x: number, y: number): Element | null {
    return drawn.findLast(([, spot]) => holds(spot, x, y))?.[0] ?? null;
  }
  // On the document's own class (happy-dom's HTMLDocument has its own, which finds nothing).
  for (const proto of [Object.getPrototypeOf(document), ShadowRoot.prototype] as { elementFromPoint?: unknown }[]) proto.elementFromPoint = elementFromPoint;
  return {
    /** Draws `el` elsewhere from now on, on top of whatever is there (a page moving or covering its button). */
    move: (el: Element, to: Element | Partial<Spot>) =>
      draw(el, to instanceof Element ? rect(to.getBoundingClientRect()) : { ...(spotOf(el) ?? rect({ left: 20, top: 0, width: 80, height: 32 })), ...to }),
  };
}
