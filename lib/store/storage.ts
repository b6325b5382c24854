// Every piece of state that must survive the service worker lives here.
// Over 250 lines on purpose: what is stored is defined in one module (docs/architecture.md), so
// that what an update must carry over is read in one place.
import { isSealed, seal, unseal, type SealedKey } from '../storage/key-vault';
import { browser } from 'wxt/browser';
import { CHECKED, defineItem, localGuard } from '../storage/storage-item';
import type {
  Decisions,
  TabGrants,
  WaitingWork,
  ProfileTarget,
  KnownContact,
  MarkWatch,
  ReadyCount,
  SentInvitation,
  ServiceSent,
  WithdrawStep,
} from './shapes';
import { normalizeServiceUrl } from '../api/service-url';
import type { Routes } from '../api/client';
import type { SerializedApiError } from '../api/errors';
import type { RateLimitSnapshot } from '../api/rate-limit-headers';
import type { Account, NetworkAction, WeeklyStats } from '../api/schemas';
import type { Line } from '../api/body/unplaced';
import type { AgentSettings } from '../api/schemas/agents';

const DEFAULT_POLL_MINUTES = 1;
/** Chrome refuses alarms more frequent than every 30 seconds. */
export const MIN_POLL_MINUTES = 0.5;
export const READY_PAGE_SIZE = 25;

export interface Settings {
  baseUrl: string;
  pollMinutes: number;
  agentFilter: string | null;
  /** Let the assistant press the page's Send after the person confirms in the panel. */
  autoSend: boolean;
  /**
   * "Let me click on the page": the panel tells which of the page's buttons to press and only types
   * the note; the extension dispatches no event into the page (docs/page-states.md).
   */
  letMeClick: boolean;
  weeklyCap: number;
  /** Requests a minute this extension allows itself (the service allows 100, shared with MCP). */
  requestCap: number;
  /** An invitation sent through the extension and still pending this many days later is old (issue 33). */
  oldAfterDays: number;
  /** Withdrawals from the Sent page the extension starts in a minute, at most. */
  withdrawalsPerMinute: number;
}

export const DEFAULT_SETTINGS: Settings = {
  baseUrl: '',
  pollMinutes: DEFAULT_POLL_MINUTES,
  agentFilter: null,
  autoSend: false,
  letMeClick: false,
  weeklyCap: 100,
  requestCap: 30,
  oldAfterDays: 21,
  withdrawalsPerMinute: 5,
};

/** The shape of what is stored (lib/store/migrations.ts); absent: written by 0.1.0 or earlier, or nothing yet. */
export const schemaVersionItem = defineItem<number>('local:schemaVersion', { fallback: 0 });

/**
 * Settings the extension did not write (Firefox: a content script's, or those the release before
 * this one stored, lib/store/firefox-adoption.ts): kept where they can do no harm, but nothing in them
 * makes the extension do more than its defaults: no automatic Send, no higher weekly cap or
 * request budget, no faster polling. The address chooses nothing: the key goes only to its own origin.
 */
export function suspectSettings(value: unknown): Settings {
  const s = (typeof value === 'object' && value !== null ? value : {}) as Partial<Record<keyof Settings, unknown>>;
  // Within [1, default]: a lower cap only holds the extension back; a number that is none reads as the default.
  const num = (v: unknown, fallback: number) => (typeof v === 'number' && v >= 1 ? v : fallback);
  const d = DEFAULT_SETTINGS;
  return {
    baseUrl: typeof s.baseUrl === 'string' ? s.baseUrl : d.baseUrl,
    pollMinutes: Math.min(60, Math.max(d.pollMinutes, num(s.pollMinutes, d.pollMinutes))),
    agentFilter: typeof s.agentFilter === 'string' ? s.agentFilter : null,
    autoSend: false,
    // On, the extension does less in the page, never more.
    letMeClick: s.letMeClick === true,
    weeklyCap: Math.min(d.weeklyCap, num(s.weeklyCap, d.weeklyCap)),
    requestCap: Math.min(d.requestCap, num(s.requestCap, d.requestCap)),
    // Later is fewer invitations listed as old; fewer withdrawals a minute is slower.
    oldAfterDays: Math.min(180, Math.max(d.oldAfterDays, num(s.oldAfterDays, d.oldAfterDays))),
    withdrawalsPerMinute: Math.min(d.withdrawalsPerMinute, num(s.withdrawalsPerMinute, d.withdrawalsPerMinute)),
  };
}

export const settingsItem = defineItem<Settings>(
  'local:settings',
  CHECKED ? { fallback: DEFAULT_SETTINGS, suspect: suspectSettings } : { fallback: DEFAULT_SETTINGS },
);

const sealedKeyItem = defineItem<SealedKey | string | null>('local:apiKey', { fallback: null });

/** The key, and the service's origin it was entered for (null: none, sealed by an earlier version). */
export interface BoundKey {
  key: string;
  origin: string | null;
}

/**
 * Read only by the background; pages learn whether a key exists, never the key. Stored sealed with
 * the origin it was entered for (lib/storage/key-vault.ts): the background sends it to no other origin.
 */
export const apiKeyItem = {
  key: sealedKeyItem.key,
  async getValue(): Promise<string | null> {
    return (await apiKeyItem.bound())?.key ?? null;
  },
  /**
   * The key and its origin. A key an earlier version stored in clear, or sealed without its origin,
   * is bound to the address saved with it and sealed again, where only the extension can have
   * written it: not in Firefox (`trustUnbound` false), whose content scripts can write
   * storage.local, so such a key or that address may be theirs. There it reads as no key, and the
   * person types it again.
   */
  async bound(trustUnbound = !import.meta.env?.FIREFOX): Promise<BoundKey | null> {
    const stored = await sealedKeyItem.getValue();
    if (stored === null) return null;
    if (isSealed(stored) && stored.origin !== undefined) {
      const key = await unseal(stored);
      return key === null ? null : { key, origin: stored.origin };
    }
    if (!trustUnbound) return null;
    const key = isSealed(stored) ? await unseal(stored) : stored;
    if (key === null) return null;
    const base = normalizeServiceUrl((await settingsItem.getValue()).baseUrl);
    const origin = base.ok ? base.origin : null;
    if (origin !== null || !isSealed(stored)) await sealedKeyItem.setValue(await seal(key, origin ?? undefined));
    return { key, origin };
  },
  /** Saves the key for the origin it was entered for (null: forget it). */
  async setValue(value: string | null, origin?: string): Promise<void> {
    await sealedKeyItem.setValue(value === null ? null : await seal(value, origin));
  },
};

/** Set after a 401: no polling until the key changes or a verification succeeds. */
export const keyRejectedItem = defineItem<boolean>('local:keyRejected', { fallback: false });

/** When the service last rejected the key (epoch ms): the background asks again a quarter hour later. */
export const keyRejectedAtItem = defineItem<number>('local:keyRejectedAt', { fallback: 0 });

export interface ActionsSnapshot {
  actions: NetworkAction[];
  fetchedAt: number;
  /** The page was full: more ready actions may exist than are listed. */
  full: boolean;
  agentFilter: string | null;
  /** Ready records without an id to mark them by, each as its lines (at most 5): counted and shown, never dropped. */
  unidentified?: Line[][] | undefined;
}

export const actionsItem = defineItem<ActionsSnapshot | null>('local:readyActions', { fallback: null });

/** The ready actions beyond the polled page, read when a profile's action was not in it. */
export const moreActionsItem = defineItem<ActionsSnapshot | null>('local:moreReadyActions', { fallback: null });

/** The badge's count, stored by the background each time it sets the badge: what every page says is ready. */
export const readyCountItem = defineItem<ReadyCount | null>('local:readyCount', { fallback: null });

/** How many ready actions are read when looking beyond the polled page (the spec's maximum). */
export const MORE_PAGE_SIZE = 100;

export type SyncState = 'never' | 'ok' | 'not-set-up' | 'key-rejected' | 'offline' | 'error';

export interface SyncStatus {
  state: SyncState;
  at: number;
  error?: SerializedApiError | undefined;
}

export const syncStatusItem = defineItem<SyncStatus>('local:syncStatus', {
  fallback: { state: 'never', at: 0 },
});

export interface AccountSnapshot {
  account: Account;
  verifiedAt: number;
}

export const accountItem = defineItem<AccountSnapshot | null>('local:account', { fallback: null });

export const routesItem = defineItem<Routes>('local:routes', { fallback: { methods: {} } });

export const rateLimitItem = defineItem<RateLimitSnapshot | null>('local:rateLimit', { fallback: null });

export interface WeeklyStatsSnapshot {
  stats: WeeklyStats;
  fetchedAt: number;
}

export const weeklyStatsItem = defineItem<WeeklyStatsSnapshot | null>('local:weeklyStats', {
  fallback: null,
});

/** The sandbox build's preset last applied, to tell what it set from what the person set later. */
export const sandboxPresetItem = defineItem<{ url: string; key: string } | null>('local:sandboxPreset', { fallback: null });

/** When the extension marked invitations sent (epoch ms), kept for 7 days, for the weekly pace. */
export const sentLogItem = defineItem<number[]>('local:sentLog', { fallback: [] });

/**
 * The invitations the extension marked sent, and what became of them (lib/sent-invitations/record.ts,
 * bounded there). The pace keeps its own small log above: the popup reads that one before its first
 * paint, and it counts marks the service took, of any action.
 */
export const sentRecordItem = defineItem<SentInvitation[]>('local:sentRecord', { fallback: [] });

/** The service's sent actions (op 23, status=sent) as last read: at most once an hour, only for the Sent invitations view. */
export const serviceSentItem = defineItem<ServiceSent | null>('session:serviceSent', { fallback: null });

/** The withdrawals started in the last minute (the limiter's), and the one under way: the desk shows its step. */
export interface Withdrawals {
  times: number[];
  current?: { tabId: number; slug: string; at: number; step: WithdrawStep } | undefined;
}

export const withdrawalsItem = defineItem<Withdrawals>('session:withdrawals', { fallback: { times: [] } });

/** Invitations marked (sent or failed) since the browser started: the popup's "3 of 13 this session". */
export const sessionMarksItem = defineItem<number>('session:marks', { fallback: 0 });

/** The invitation each tab was brought to or asked for, and may show the panel of (lib/background/tab-invitations.ts). */
export const tabGrantsItem = defineItem<TabGrants>('session:tabGrants', { fallback: {} });

/**
 * The prospect's name (the service's) for the report page of a tab, by tab id: the report page reads
 * it here, so that no name is in its address (the browser's history keeps addresses).
 */
export const reportNamesItem = defineItem<Record<string, string>>('session:reportNames', { fallback: {} });

/** The page said the weekly limit is reached: assisted sends stop until the browser restarts. */
export const assistPausedItem = defineItem<boolean>('session:assistPaused', { fallback: false });

export interface VerificationLog {
  /** When the key was verified (epoch ms), those of the last 15 minutes. */
  at: number[];
}

export const verificationItem = defineItem<VerificationLog>('local:verification', { fallback: { at: [] } });

/** Decisions on contact emails and letters made from the options page, for their 60-minute grace. */
export const decisionsItem = defineItem<Decisions>('local:reviewDecisions', { fallback: {} });

/** Emails and letters waiting for validation, as the popup last read them (at most every 10 minutes). */
export const waitingWorkItem = defineItem<WaitingWork | null>('local:waitingWork', { fallback: null });

/** Marks delivered in the last 10 minutes, watched for a later mark of another outcome (lib/background/mark-races.ts). */
export const markWatchItem = defineItem<MarkWatch[]>('local:markWatch', { fallback: [] });

/**
 * Notes edited in the popup and not saved yet, by action: they outlive the popup, and the panel
 * shows them (the note sent is the note shown). Saving one removes it.
 */
export const noteDraftsItem = defineItem<Record<string, string>>('local:noteDrafts', { fallback: {} });

/** A profile chosen from a link's context menu, for the add-to-agent form the menu opens (30 minutes). */
export const linkTargetItem = defineItem<{ target: ProfileTarget; at: number } | null>('session:linkTarget', { fallback: null });

/** Operation 4's answer by agent (the fields adding a contact needs), kept an hour: they rarely change. */
export const agentFieldsItem = defineItem<Record<string, { at: number; settings: AgentSettings }>>('local:agentFields', { fallback: {} });

/** Whether a profile is already a contact, as last looked up (op 2), by slug: at most one lookup per profile in 10 minutes. */
export const knownContactsItem = defineItem<Record<string, { at: number; contact: KnownContact | null }>>('session:knownContacts', {
  fallback: {},
});

/**
 * Profiles added from this extension, by slug (agent and when): "Already added" survives a browser
 * restart until the contacts list (op 2) shows the person; dropped after 30 days in any case.
 */
export const addedProfilesItem = defineItem<Record<string, { at: number; agentId: string; agentName?: string | undefined }>>('local:addedProfiles', {
  fallback: {},
});

/**
 * Firefox, after the update that brought the storage ledger (lib/store/firefox-adoption.ts): what it
 * turned off or cleared, told once in the popup and the options page until the person dismisses it.
 */
export interface UpdateNotice {
  at: number;
  /** Automatic Send was on and is now off. */
  sendTurnedOff: boolean;
  /** A weekly cap, request budget or poll period beyond the defaults went back to them. */
  limitsReset: boolean;
  /** Note drafts not saved yet that were cleared. */
  draftsCleared: number;
}

export const updateNoticeItem = defineItem<UpdateNotice | null>('local:updateNotice', { fallback: null });

/**
 * Forget everything (the options page's About and privacy): every item above goes, in both areas,
 * but the schema version and the outbox's index, which the outbox has just emptied itself (it keeps
 * the request budget's count). The key's wrapping key stays in the vault: it opens nothing now.
 */
export async function forgetStored(): Promise<void> {
  const kept = new Set(['schemaVersion', 'outboxMeta']);
  const names = Object.keys(await browser.storage.local.get(null)).filter((name) => !kept.has(name));
  // Through the ledger where there is one (Firefox): what is forgotten cannot be put back and trusted.
  if (names.length) await (localGuard() ?? browser.storage.local).remove(names);
  await browser.storage.session.clear();
}
