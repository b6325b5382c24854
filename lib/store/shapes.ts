// The shapes of what is stored that other parts compute (the views' decisions and waiting work, the
// tabs' grants, the add form's target and known contact, the record of sent invitations): stored
// items are defined in one place (storage.ts), so the shapes they keep live beside them, and the
// parts that compute them import them from here rather than the store importing every part.
import type { OutboxEntry } from '../outbox/state';

export type ReviewKind = 'email' | 'letter';

export type Verdict = 'validated' | 'rejected';

export interface DecisionRecord {
  kind: ReviewKind;
  /** The lead's id (an email) or the letter's id. */
  id: string;
  verdict: Verdict;
  /** When the service recorded it (its answer's date, else the time of the answer). */
  at: number;
  /** Who or what it was about, for the sentence shown. */
  label: string;
}

export type Decisions = Record<string, DecisionRecord>;

export interface WaitingCount {
  count: number;
  /** More than `count` wait (a full page and no total given). */
  more: boolean;
  /**
   * The first page's records by agent id (at most 50 agents): a lower bound of each agent's share
   * when the queue is longer than a page. Absent in what older versions stored.
   */
  byAgent?: Record<string, number>;
}

export interface WaitingWork {
  emails: WaitingCount | null;
  letters: WaitingCount | null;
  /** AI replies to handle; absent in what older versions stored. */
  replies?: WaitingCount | null;
  fetchedAt: number;
}

/** An invitation the extension brought a tab to, or the person asked for there. */
export interface Grant {
  actionId: string;
  slug: string;
  /**
   * 'waiting': the extension is taking the tab there; its first document on that profile takes the
   * grant. 'shown': the document on screen holds it, until it shows anything else or a new one loads.
   */
  state: 'waiting' | 'shown';
  /** When it was given (epoch ms): a waiting grant lapses after WAITING_MS. */
  at: number;
  /**
   * A grant given for the document on screen, before its loader said anything since: that loader's
   * first word (`newDocument`, it may come a moment after, at document_idle) is of the same document.
   */
  unheard?: boolean;
  /** Brought by the open-next shortcut: once its document shows the prospect, the assisted send prepares there. */
  prepare?: boolean;
}

/** Per tab id. */
export type TabGrants = Record<string, Grant>;

export interface ProfileTarget {
  slug: string;
  /** The normalised address sent as `network_url`: https://www.linkedin.com/in/<slug>. */
  url: string;
  /** Derived from the slug: adding the same person twice gives the same identifier. */
  identifier: string;
  /** The person's name as the tab's title gives it, to look them up among the contacts. */
  name?: string | undefined;
}

/** What the popup says of a person already known: whose contact, in which status. */
export interface KnownContact {
  id: string;
  agentId?: string | undefined;
  agentName?: string | undefined;
  status?: string | undefined;
  /**
   * Found by name only, the contact's address being masked or absent: maybe the same person, so
   * the popup asks before adding rather than adding silently or refusing.
   */
  maybe?: { name: string; company?: string | undefined } | undefined;
}

/** One invitation marked sent through the extension. */
export interface SentInvitation {
  actionId: string;
  /** The profile's slug (lib/network/profile-url.ts): what the Sent page and profiles are matched by. */
  slug: string;
  /** The service's name for the person, for display only. */
  name?: string | undefined;
  agentId?: string | undefined;
  agentName?: string | undefined;
  /** The note that went with the invitation (null: none). */
  note: string | null;
  /** When the person marked it sent (epoch ms): the invitation left then. */
  sentAt: number;
  /** When the service took the mark. */
  deliveredAt?: number | undefined;
  /** Withdrawn from the network's Sent page through the extension. */
  withdrawnAt?: number | undefined;
  /** Seen accepted (by releases that read a visited profile's card; none does now: docs/page-states.md, *Accepted*). */
  acceptedAt?: number | undefined;
  /** When such a release last read the profile's card: kept as stored, no longer written. */
  checkedAt?: number | undefined;
}

/** The service's sent actions as last read: their ids, and whether the list is whole. */
export interface ServiceSent {
  ids: string[];
  /**
   * Fewer came back than were asked for: an action missing from it is not `sent` on the service.
   * A full page (the spec's maximum is 100, and it shows no order or pagination) proves nothing
   * about the actions it leaves out.
   */
  complete: boolean;
  fetchedAt: number;
}

/** Where a withdrawal stands: finding the row, waiting for the person to press Withdraw, or to confirm. */
export type WithdrawStep = 'finding' | 'press-withdraw' | 'confirm';

/** A mark delivered (the write as it was stored, with its person), watched from `since` for a later mark of another outcome. */
export interface MarkWatch {
  entry: OutboxEntry;
  since: number;
}

/** The invitations of one agent that waits (paused, cancelled, unpaid): said apart, not counted ready. */
export interface WaitingAgent {
  agentId: string | undefined;
  /** What the person calls the agent (its name, else its note, else what the action said, else its id). */
  name: string;
  status: string;
  count: number;
}

/** The ready count (lib/invitations/ready-count.ts), as the badge shows it and every page reads it. */
export interface ReadyCount {
  /** Ready to work now: listed and not yet marked, whose agent does not wait, and the records without an id. */
  ready: number;
  /** The polled page was full and nothing read beyond it says how many more: "25 or more". */
  more: boolean;
  /** Per agent that waits, in the order the list has them. */
  waiting: WaitingAgent[];
}
