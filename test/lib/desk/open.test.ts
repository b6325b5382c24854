import { describe, expect, it, vi } from 'vitest';
import { canOpenDesk, deskWindowFrom, openDeskIn } from '../../../lib/desk/open';

describe('opening the desk', () => {
  it('uses Chrome’s side panel in the window given, or Firefox’s sidebar', async () => {
    const sidePanel = { open: vi.fn(async () => {}) };
    await openDeskIn({ sidePanel }, 5);
    expect(sidePanel.open).toHaveBeenCalledWith({ windowId: 5 });
    const sidebarAction = { open: vi.fn(async () => {}) };
    await openDeskIn({ sidebarAction }, undefined);
    expect(sidebarAction.open).toHaveBeenCalledOnce();
  });

  it('says when the browser has no desk to open (Firefox for Android), and refuses without a window in Chrome', async () => {
    expect(canOpenDesk({})).toBe(false);
    expect(canOpenDesk({ sidePanel: { open: async () => {} } })).toBe(true);
    expect(canOpenDesk({ sidebarAction: { open: async () => {} } })).toBe(true);
    await expect(openDeskIn({}, 5)).rejects.toThrow(/cannot open the desk/);
    await expect(openDeskIn({ sidePanel: { open: async () => {} } }, undefined)).rejects.toThrow(/cannot open the desk/);
  });

  it('from a browser window, opens in it; from a popup-type window (the demo’s popup), Chrome opens in the last browser window, Firefox not at all', async () => {
    const chrome = { sidePanel: { open: async () => {} } };
    const firefox = { sidebarAction: { open: async () => {} } };
    const last = vi.fn(async () => ({ id: 1, type: 'normal' }));
    expect(await deskWindowFrom(chrome, { id: 4, type: 'normal' }, last)).toBe(4);
    expect(last).not.toHaveBeenCalled();
    expect(await deskWindowFrom(chrome, { id: 7, type: 'popup' }, last)).toBe(1);
    expect(await deskWindowFrom(firefox, { id: 7, type: 'popup' }, last)).toBeNull();
    // No browser window to open it in: not offered.
    expect(await deskWindowFrom(chrome, { id: 7, type: 'popup' }, async () => ({ id: 7, type: 'popup' }))).toBeNull();
    expect(await deskWindowFrom(chrome, { id: 7, type: 'popup' }, () => Promise.reject(new Error('No window')))).toBeNull();
  });
});
