// Firefox, once: what the release before the ledger (lib/storage/storage-ledger.ts) stored is unvouched,
// and a content script could have written any of it. Run by lib/store/migrations.ts before the numbered
// migrations; whether it ran is kept in the ledger itself, not in storage.local (schemaVersion),
// which a content script could set back to have it vouch for what it wrote or put back since.
//
// What is taken over, and why:
// - the API key, when sealed with its origin and it opens: AES-GCM proves the extension sealed it;
// - the settings, as suspectSettings reads them (no automatic Send, no cap above the defaults:
//   the person turns those on again); the address is kept, so nobody has to connect again;
// - the outbox: its index and the legacy single item as they are, and each pending write whose
//   HMAC (lib/outbox/signing.ts) verifies: nothing queued is lost, and what a content script could
//   have added still goes to the refused list;
// - not the note drafts: one would become the note sent, and a content script could have written
//   it; they are removed (the popup shows the note as the service holds it).
// Everything else (ready list, account, weekly figure, ...) is left unvouched: it reads as absent
// and is read again from the service.
import { browser } from 'wxt/browser';
import { isSealed, unseal } from '../storage/key-vault';
import type { LocalGuard } from '../storage/local-guard';
import { vouch } from '../storage/local-guard';
import { entrySigner } from '../outbox/signing';
import { acceptedFor, record } from '../storage/storage-ledger';
import { suspectSettings, type Settings } from './storage';

const ADOPTED = '\u0000adopted';

export async function adoptStored(g: LocalGuard): Promise<void> {
  if ((await acceptedFor([ADOPTED])).has(ADOPTED)) return;
  const raw = await browser.storage.local.get(null);
  const trusted: string[] = [];
  const key = raw.apiKey;
  if (isSealed(key) && key.origin !== undefined && (await unseal(key)) !== null) trusted.push('apiKey');
  const meta = raw.outboxMeta as { order?: unknown } | undefined;
  if (meta) trusted.push('outboxMeta');
  if ('outbox' in raw) trusted.push('outbox');
  const signer = entrySigner(false);
  for (const id of Array.isArray(meta?.order) ? (meta.order as unknown[]) : []) {
    const entry = raw[`outboxEntry:${String(id)}`] as Record<string, unknown> | undefined;
    if (!entry) continue;
    const { mac, ...write } = entry;
    if (await signer.verify(write as never, mac)) trusted.push(`outboxEntry:${String(id)}`);
  }
  await vouch(trusted);
  const notice = { at: Date.now(), sendTurnedOff: false, limitsReset: false, draftsCleared: 0 };
  if ('settings' in raw) {
    const safe = suspectSettings(raw.settings);
    const before = (raw.settings ?? {}) as Partial<Settings>;
    notice.sendTurnedOff = before.autoSend === true;
    notice.limitsReset = (['weeklyCap', 'requestCap', 'pollMinutes'] as const).some((k) => before[k] !== undefined && before[k] !== safe[k]);
    await g.set({ settings: safe });
  }
  if ('noteDrafts' in raw) {
    const drafts = raw.noteDrafts;
    notice.draftsCleared = typeof drafts === 'object' && drafts !== null ? Object.keys(drafts).length : 0;
    await g.remove(['noteDrafts']);
  }
  // Told once, in words, rather than found out: what the person had turned on, or typed, is gone.
  if (notice.sendTurnedOff || notice.limitsReset || notice.draftsCleared) await g.set({ updateNotice: notice });
  await record(new Map([[ADOPTED, ['1']]]));
}
