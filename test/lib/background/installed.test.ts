import { describe, expect, it } from 'vitest';
import { installedSteps } from '../../../lib/background/installed';

describe('runtime.onInstalled', () => {
  it('on install and on update creates the menu and starts polling, nothing else (data is migrated at every wake)', () => {
    expect(installedSteps('install')).toEqual({ menu: true, start: true });
    expect(installedSteps('update')).toEqual({ menu: true, start: true });
  });

  it('does nothing when the browser itself was updated: menus and alarms are kept, onStartup polls', () => {
    for (const reason of ['browser_update', 'chrome_update', 'shared_module_update']) expect(installedSteps(reason)).toEqual({ menu: false, start: false });
  });
});
