import { describe, expect, it } from 'vitest';
import { errorText } from '../../../components/shared/error-text';
import type { ApiErrorKind } from '../../../lib/api/errors';

const KINDS: ApiErrorKind[] = ['unauthorized', 'agent-paused', 'agent-cancelled', 'validation', 'rate-limited', 'not-found', 'server', 'service', 'network', 'timeout', 'invalid-response', 'invalid-request', 'not-configured', 'permission'];

describe('errorText', () => {
  it('gives every error kind its own sentence', () => {
    const texts = KINDS.map((kind) => errorText({ kind, message: 'boom' }));
    expect(texts.every((text) => text.length > 10)).toBe(true);
    expect(new Set(texts).size).toBe(KINDS.length);
  });

  it('shows the fields of a validation error, else its message', () => {
    expect(errorText({ kind: 'validation', message: 'm', fields: { message: 'Too long' } })).toContain('Too long');
    expect(errorText({ kind: 'validation', message: 'Bad note' })).toContain('Bad note');
  });

  it('shows the service words, the HTTP status and the wait in seconds where they matter', () => {
    expect(errorText({ kind: 'service', message: 'Quota exceeded' })).toContain('Quota exceeded');
    expect(errorText({ kind: 'server', message: '', status: 503 })).toContain('503');
    expect(errorText({ kind: 'rate-limited', message: '', retryAfterSeconds: 41.2 })).toContain('42');
    expect(errorText({ kind: 'rate-limited', message: '' })).not.toMatch(/\d/);
  });
});
