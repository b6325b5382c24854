import { describe, expect, it } from 'vitest';
import { readAddContactAnswer } from '../../../../lib/api/readers/add-contact';
import { UnreadableError } from '../../../../lib/api/body/unreadable';

describe('answer to adding a contact (operation 3)', () => {
  it('reads the contact created, under data or nested, for what the outcome needs', () => {
    expect(readAddContactAnswer({ success: true, data: { id: 'ld_9', identifier: 'crm-42', status: 'enrich', duplicate: true } })).toEqual({
      credits: 'unknown',
      duplicate: true,
    });
    expect(readAddContactAnswer({ success: true, data: { lead: { lead_id: 'ld_9', has_credits: false } } }).credits).toBe('insufficient');
  });

  it('reads only what the outcome says: the id, identifier, status and credits left the answer holds are not kept', () => {
    expect(readAddContactAnswer({ status: 'success', message: 'Contact added', data: { id: 'l', identifier: 'crm-42', credits_remaining: 12 } })).toEqual({
      credits: 'unknown',
    });
  });

  it.each([
    ['a flag', { success: true, insufficient_credits: true }],
    ['has_credits false', { success: true, data: { has_credits: false } }],
    ['a processing state about credits', { success: true, data: { id: 'l', processing_status: 'waiting_credits' } }],
    ['the English wording', { success: true, message: 'Contact saved. Insufficient credits: it will be processed after your next top-up.' }],
    ['the French wording', { success: true, message: 'Contact enregistré, crédits insuffisants.' }],
  ])('says processing waits for credits from %s', (_, body) => {
    expect(readAddContactAnswer(body).credits).toBe('insufficient');
  });

  it.each([
    ['a flag', { success: true, has_credits: true }],
    ['the wording of the 30-minute start', { success: true, message: 'Contact added, enrichment will start within 30 minutes.' }],
    ['the French wording', { success: true, message: 'Contact ajouté : traitement sous 30 min.' }],
  ])('says processing starts from %s', (_, body) => {
    expect(readAddContactAnswer(body).credits).toBe('enough');
  });

  it('says nothing about credits when the answer does not', () => {
    expect(readAddContactAnswer({ success: true, data: { id: 'l' } })).toEqual({ credits: 'unknown' });
  });

  it('reads a duplicate flag written as a number', () => {
    expect(readAddContactAnswer({ success: true, message: 'Already in this agent', data: { id: 'l', duplicate: 1 }, credits_remaining: 12 })).toEqual({
      credits: 'unknown',
      duplicate: true,
    });
  });

  it('fails clearly on an answer that is not an object', () => {
    expect(() => readAddContactAnswer(['ok'])).toThrow(UnreadableError);
  });
});
