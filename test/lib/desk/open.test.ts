import { describe, expect, it, vi } from 'vitest';
import { canOpenDesk, openDeskIn } from '../../../lib/desk/open';

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
});
