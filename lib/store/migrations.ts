// What is stored carries a schema version (`local:schemaVersion`); each change of a stored shape
// is one migration here, from the version before it to its own, with its unit test in
// test/lib/store/migrations.test.ts. The background runs them before it handles anything, on every
// wake (one read when there is nothing to do), so an update never meets data of an older shape.
// Each migration is idempotent: one cut short (the worker stopped) runs again whole next time.
import { adoptStored } from './firefox-adoption';
import { outboxStore } from '../outbox/store';
import { apiKeyItem, DEFAULT_SETTINGS, schemaVersionItem, settingsItem } from './storage';
import { localGuard } from '../storage/storage-item';

interface Migration {
  /** The version the data has once this migration ran. */
  to: number;
  run(): Promise<void>;
}

/**
 * Settings saved before a field was added get it at its default (version 2: `letMeClick`, off;
 * version 3: `oldAfterDays`, 21, and `withdrawalsPerMinute`, 5).
 */
async function settingsGetNewFields(): Promise<void> {
  const settings = await settingsItem.getValue();
  if (Object.keys(DEFAULT_SETTINGS).some((k) => !(k in settings))) await settingsItem.setValue({ ...DEFAULT_SETTINGS, ...settings });
}

/**
 * Version 1, from what 0.1.0 and earlier wrote (no version stored): settings get the fields added
 * since they were saved, the outbox kept in one item moves to one item per write, and an API key
 * stored in clear or sealed without its origin is sealed bound to the origin of the address saved
 * with it (lib/storage/key-vault.ts, `apiKeyItem.bound` in lib/store/storage.ts; not in Firefox, where a content
 * script could have written it: there the key is typed again).
 */
async function toVersion1(): Promise<void> {
  await settingsGetNewFields();
  const outbox = outboxStore();
  await outbox.save(await outbox.load());
  // Reading a key stored in clear, or sealed without its origin, seals it bound to its origin.
  await apiKeyItem.bound();
}

/** In order; a new shape adds one at the end and raises SCHEMA_VERSION to its `to`. */
export const MIGRATIONS: readonly Migration[] = [
  { to: 1, run: toVersion1 },
  { to: 2, run: settingsGetNewFields },
  { to: 3, run: settingsGetNewFields },
];

export const SCHEMA_VERSION = MIGRATIONS.at(-1)!.to;

interface MigrationResult {
  from: number;
  to: number;
}

/**
 * Brings stored data to SCHEMA_VERSION, recording the version after each step. Data of a newer
 * version (a newer build was installed, then this older one) is left as it is. A step that throws
 * stops there, its version not recorded: it runs again on the next wake.
 */
export async function migrate(): Promise<MigrationResult> {
  // Firefox: what an earlier release stored is taken over once, before anything reads it through
  // the ledger (lib/store/firefox-adoption.ts). Not a numbered step: it must not hang on schemaVersion.
  const g = localGuard();
  if (g) await adoptStored(g);
  const from = await schemaVersionItem.getValue();
  let at = from;
  for (const step of MIGRATIONS) {
    if (step.to <= at) continue;
    await step.run();
    await schemaVersionItem.setValue(step.to);
    at = step.to;
  }
  return { from, to: at };
}
