// What runtime.onInstalled does, by reason. Stored data is migrated before any event is handled
// (lib/store/migrations.ts), whatever woke the worker, so an update needs nothing more for its data:
// it keeps the key, settings, drafts, outbox and caches as they are.

interface InstalledSteps {
  /** Create the context menu item (menus belong to the installed version). */
  menu: boolean;
  /** Schedule the poll and poll now (the alarm may not have survived, and a new version may read the list otherwise). */
  start: boolean;
}

/** A browser update keeps menus and alarms, and onStartup already polls: nothing to do then. */
export function installedSteps(reason: string): InstalledSteps {
  const ours = reason === 'install' || reason === 'update';
  return { menu: ours, start: ours };
}
