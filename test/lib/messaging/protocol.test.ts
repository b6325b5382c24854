import { describe, expect, it } from 'vitest';
import { contentRequestSchema, requestSchema } from '../../../lib/messaging/protocol';

// The protocol's flags, numbers and lists of words are zod custom checks, not z.boolean, z.int,
// z.number and z.enum (fewer schema types in the background, docs/performance.md): they refuse
// what those refused.
const settings = (fields: Record<string, unknown>) => requestSchema.safeParse({ type: 'saveSettings', ...fields }).success;
const details = { noteIncluded: true, noteLength: 12, stateBefore: 'connect', pageLanguage: 'en' };
const assisted = (changes: Record<string, unknown>) =>
  contentRequestSchema.safeParse({ type: 'markAssisted', actionId: 'a1', outcome: 'sent', details: { ...details, ...changes } }).success;

describe('message protocol: flags and whole numbers', () => {
  it('takes true and false as flags, and refuses any other value, absent where the flag is optional', () => {
    expect(settings({ autoSend: true, letMeClick: false })).toBe(true);
    expect(settings({})).toBe(true);
    for (const v of ['true', 1, 0, null, {}]) expect(settings({ autoSend: v })).toBe(false);
    expect(assisted({ noteIncluded: false })).toBe(true);
    expect(assisted({ noteIncluded: undefined })).toBe(false);
    expect(assisted({ noteIncluded: 'yes' })).toBe(false);
  });

  it('takes numbers within their range, and refuses fractions where whole, unsafe integers, text and numbers out of range', () => {
    expect(settings({ weeklyCap: 1, requestCap: 100, oldAfterDays: 180, withdrawalsPerMinute: 20 })).toBe(true);
    for (const v of [0, 1001, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '10', 2 ** 53]) expect(settings({ weeklyCap: v })).toBe(false);
    expect(assisted({ noteLength: 0 })).toBe(true);
    expect(assisted({ noteLength: 1000 })).toBe(true);
    for (const v of [-1, 1001, 0.5, '3']) expect(assisted({ noteLength: v })).toBe(false);
    expect(settings({ pollMinutes: 0.5 })).toBe(true);
    expect(settings({ pollMinutes: 60 })).toBe(true);
    for (const v of [0.4, 61, Number.NaN, '5']) expect(settings({ pollMinutes: v })).toBe(false);
    expect(requestSchema.safeParse({ type: 'prepareHere', slug: 'ada', tabId: 3 }).success).toBe(true);
    expect(requestSchema.safeParse({ type: 'prepareHere', slug: 'ada', tabId: 3.5 }).success).toBe(false);
  });

  it('takes only the listed words, as written', () => {
    expect(requestSchema.safeParse({ type: 'profileTarget', source: 'link' }).success).toBe(true);
    for (const source of ['Link', 'tabs', '', 0, ['tab']]) expect(requestSchema.safeParse({ type: 'profileTarget', source }).success).toBe(false);
    expect(assisted({ stateBefore: 'pending' })).toBe(true);
    expect(assisted({ stateBefore: 'toString' })).toBe(false);
    expect(contentRequestSchema.safeParse({ type: 'markAssisted', actionId: 'a1', outcome: 'maybe', details }).success).toBe(false);
  });
});
