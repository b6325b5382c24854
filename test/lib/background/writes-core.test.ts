// What the background's writes decide (lib/background/writes-core.ts), without the outbox or the
// service: the write a mark makes, the wait for a write just stored, the receipt the person gets.
import { describe, expect, it } from 'vitest';
import { heldReceipt, lastOfBatch, markWrite, readBackQuery, receiptOf, shortWait, UNDO_MS, waiting } from '../../../lib/background/writes-core';
import { EMPTY_LIMITER, recordRequest } from '../../../lib/outbox/limiter';
import type { OutboxState } from '../../../lib/outbox/outbox';
import { entry, outboxWith } from '../../helpers/outbox-entries';

const NOW = 1_700_000_000_000;
const CFG = { capPerMinute: 30, writeSpacingMs: 1000 };
const context = { version: '1.2.3', browser: 'firefox', now: NOW };

describe('the write a mark makes', () => {
  it('marks sent with metadata saying how, when and with what, and what the assistant saw', () => {
    expect(markWrite({ outcome: 'sent', method: 'assisted', extra: { page_state: 'connect' } }, context)).toEqual({
      op: 'markSent',
      body: {
        metadata: {
          source: 'invitation-assistant-extension',
          version: '1.2.3',
          browser: 'firefox',
          method: 'assisted',
          marked_at: new Date(NOW).toISOString(),
          page_state: 'connect',
        },
      },
    });
  });

  it('marks failed with the reason and the words the person gave', () => {
    const write = markWrite({ outcome: 'failed', method: 'manual', reason: 'other', text: '  Left the company ' }, context);
    expect(write.op).toBe('markFailed');
    expect(write.body).toMatchObject({ metadata: { method: 'manual', reason: 'other', reason_text: 'Left the company' } });
  });

  it('gives a held mark a receipt the person may undo until its hold ends', () => {
    expect(heldReceipt({ ...entry(1), enqueuedAt: NOW })).toEqual({ state: 'held', entryId: 'w1', until: NOW + UNDO_MS });
  });
});

describe('waiting for a write just stored', () => {
  const spaced = (lastWriteAgo: number): OutboxState => ({ ...outboxWith([entry(1)]), limiter: recordRequest(EMPTY_LIMITER, NOW - lastWriteAgo, 'write') });

  it('finds the write while it waits, but not once it left the queue or while the queue is paused for the key', () => {
    const s = outboxWith([entry(1)]);
    expect(waiting(s, 'w1')?.id).toBe('w1');
    expect(waiting(s, 'w2')).toBeUndefined();
    expect(waiting({ ...s, pausedForKey: true }, 'w1')).toBeUndefined();
  });

  it('waits out the spacing between writes, a moment, so that the person sees the service’s own answer', () => {
    expect(shortWait(spaced(400), entry(1), NOW, CFG)).toBe(600);
    expect(shortWait(spaced(5_000), entry(1), NOW, CFG)).toBe(0);
  });

  it('does not wait for a write held back longer than two seconds (an outage, a paused agent)', () => {
    const s = { ...outboxWith([entry(1)]), outage: { failures: 1, until: NOW + 5_000 } };
    expect(shortWait(s, entry(1), NOW, CFG)).toBeUndefined();
    expect(shortWait(outboxWith([entry(1)]), { ...entry(1), notBefore: NOW + 2_001 }, NOW, CFG)).toBeUndefined();
    expect(shortWait(outboxWith([entry(1)]), { ...entry(1), notBefore: NOW + 2_000 }, NOW, CFG)).toBe(2_000);
  });
});

describe('what the person is told of a write', () => {
  it('says it was refused, with the service’s words, when it is in the refused list', () => {
    const error = { kind: 'validation' as const, message: 'The note is too long' };
    expect(receiptOf(outboxWith([], [{ ...entry(1), deadAt: NOW, reason: error.message, error }]), 'w1', undefined)).toEqual({ refused: error });
  });

  it('says it was saved once it left the queue, with the answer kept for a write of the views', () => {
    expect(receiptOf(outboxWith([]), 'w1', undefined)).toEqual({ receipt: { state: 'saved' } });
    expect(receiptOf(outboxWith([]), 'w1', { blocked: 3 })).toEqual({ receipt: { state: 'saved', answer: { blocked: 3 } } });
  });

  it('says it is queued, why, and what it waits for (the service during an outage)', () => {
    const s = outboxWith([
      { ...entry(1), lastError: 'Agent paused', waitingFor: 'agent' },
      { ...entry(2), lastError: 'Failed to fetch' },
    ]);
    expect(receiptOf(s, 'w1', undefined)).toEqual({ receipt: { state: 'queued', reason: 'Agent paused', waitingFor: 'agent' } });
    expect(receiptOf(s, 'w2', undefined)).toEqual({ receipt: { state: 'queued', reason: 'Failed to fetch', waitingFor: undefined } });
    expect(receiptOf({ ...s, outage: { failures: 1, until: NOW } }, 'w2', undefined)).toMatchObject({ receipt: { waitingFor: 'service' } });
  });

  it('says which 401 paused the queue, for the sync status, with a plain word when there was none', () => {
    const s = { ...outboxWith([{ ...entry(1), lastError: 'Unauthenticated.' }, entry(2)]), pausedForKey: true };
    expect(receiptOf(s, 'w1', undefined)).toMatchObject({ receipt: { state: 'queued' }, unauthorized: 'Unauthenticated.' });
    expect(receiptOf(s, 'w2', undefined)).toMatchObject({ unauthorized: 'Unauthenticated' });
  });
});

describe('after a write was delivered or refused', () => {
  it('reads back a refused mark among the actions of the status it meant, of its agent when known', () => {
    expect(readBackQuery({ ...entry(1), agentId: 'ag_1' })).toEqual({ status: 'sent', limit: 100, agent_filter: 'ag_1' });
    expect(readBackQuery({ ...entry(1), op: 'markFailed', body: { metadata: {} } })).toEqual({ status: 'failed', limit: 100 });
  });

  it('takes a sent mark for the last of its batch only when no other mark sent is queued', () => {
    const note = { ...entry(3), op: 'updateMessage' as const, body: { message: 'Hi' } };
    expect(lastOfBatch(outboxWith([entry(1), note]), entry(1))).toBe(true);
    expect(lastOfBatch(outboxWith([entry(1), entry(2)]), entry(1))).toBe(false);
  });
});
