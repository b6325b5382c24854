// Decisions on contact emails and letters (spec 000, ops 11, 12, 17, 18): each can be turned
// round for 60 minutes (lib/invitations/grace.ts). Kept in storage so the views can offer the opposite
// decision until then, after a reload too, and say when it became final.
import type { ViewWrite } from '../api/view-ops';
import { GRACE_MS } from '../invitations/grace';
import type { ReviewKind, Verdict, DecisionRecord, Decisions } from '../store/shapes';
export type { ReviewKind, Verdict, DecisionRecord, Decisions } from '../store/shapes';

/** Final decisions are shown a day, then forgotten. */
const KEEP_MS = 24 * 60 * 60_000;

export const decisionKey = (kind: ReviewKind, id: string) => `${kind}:${id}`;

/** The operation that makes a verdict on this kind of item. */
export function decisionOp(kind: ReviewKind, verdict: Verdict): ViewWrite {
  if (kind === 'email') return verdict === 'validated' ? 'validateEmail' : 'rejectEmail';
  return verdict === 'validated' ? 'validateLetter' : 'rejectLetter';
}

export const opposite = (verdict: Verdict): Verdict => (verdict === 'validated' ? 'rejected' : 'validated');

/** The decisions with this one recorded (a later verdict replaces the earlier), old final ones dropped. */
export function recordDecision(all: Decisions, record: DecisionRecord, now: number): Decisions {
  const kept = Object.fromEntries(Object.entries(all).filter(([, d]) => now - d.at < GRACE_MS + KEEP_MS));
  return { ...kept, [decisionKey(record.kind, record.id)]: record };
}

/** The decisions of a kind, newest first. */
export const decisionsOf = (all: Decisions, kind: ReviewKind): DecisionRecord[] =>
  Object.values(all)
    .filter((d) => d.kind === kind)
    .sort((a, b) => b.at - a.at);
