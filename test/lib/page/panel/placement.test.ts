import { describe, expect, it } from 'vitest';
import { choosePlacement, cornerRect, intersects } from '../../../../lib/page/panel/placement';

const viewport = { width: 1280, height: 720 };
const panel = { width: 320, height: 400 };

describe('panel placement', () => {
  it('takes the bottom-left corner when nothing is there', () => {
    expect(choosePlacement(panel, viewport, [{ left: 600, top: 100, width: 80, height: 30 }])).toEqual({ corner: 'bottom-left', collapse: false });
  });

  it('moves away from a page button it would cover', () => {
    const send = { left: 100, top: 500, width: 60, height: 30 };
    const place = choosePlacement(panel, viewport, [send]);
    expect(place).toEqual({ corner: 'bottom-right', collapse: false });
    expect(intersects(cornerRect(place.corner, panel, viewport), send)).toBe(false);
  });

  it('collapses to its bar when every corner would cover a control', () => {
    const everywhere = [
      { left: 20, top: 400, width: 10, height: 10 },
      { left: 1200, top: 400, width: 10, height: 10 },
      { left: 1200, top: 100, width: 10, height: 10 },
      { left: 20, top: 100, width: 10, height: 10 },
    ];
    const place = choosePlacement(panel, viewport, everywhere);
    expect(place.collapse).toBe(true);
    expect(everywhere.some((o) => intersects(cornerRect(place.corner, { width: 320, height: 40 }, viewport), o))).toBe(false);
  });
});
