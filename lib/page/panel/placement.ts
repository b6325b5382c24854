export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export type Corner = 'bottom-left' | 'bottom-right' | 'top-right' | 'top-left';

const MARGIN = 16;
/** The network's fixed header is about 52 px high. */
const HEADER = 64;

export function cornerRect(corner: Corner, panel: { width: number; height: number }, viewport: { width: number; height: number }): Rect {
  const left = corner.endsWith('left') ? MARGIN : viewport.width - panel.width - MARGIN;
  const top = corner.startsWith('top') ? HEADER : viewport.height - panel.height - MARGIN;
  return { left, top, width: panel.width, height: panel.height };
}

export function intersects(a: Rect, b: Rect): boolean {
  return a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;
}

/**
 * The first corner where the panel covers none of the page's own controls (the top card's
 * buttons, the invitation dialog); when every corner covers one, the panel should collapse.
 */
export function choosePlacement(
  panel: { width: number; height: number },
  viewport: { width: number; height: number },
  obstacles: Rect[],
  /** Height of the panel reduced to its title bar. */
  barHeight = 40,
): { corner: Corner; collapse: boolean } {
  const order: Corner[] = ['bottom-left', 'bottom-right', 'top-right', 'top-left'];
  const free = (size: { width: number; height: number }) => order.find((corner) => !obstacles.some((o) => intersects(cornerRect(corner, size, viewport), o)));
  const full = free(panel);
  if (full) return { corner: full, collapse: false };
  return { corner: free({ width: panel.width, height: barHeight }) ?? 'bottom-left', collapse: true };
}
