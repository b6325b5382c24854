import { describe, expect, it } from 'vitest';
import { errorText, technicalText } from '../../../components/shared/error-text';
import { NetworkError, serializeError } from '../../../lib/api/errors';

describe('serializeError', () => {
  it("keeps an ApiError's kind and words", () => {
    expect(serializeError(new NetworkError('Failed to fetch'))).toMatchObject({ kind: 'network', message: 'Failed to fetch' });
  });

  it("makes an unexpected exception the extension's own fault, never a refusal by the service", () => {
    let thrown: unknown;
    try {
      (undefined as unknown as { x: number }).x;
    } catch (error) {
      thrown = error;
    }
    const error = serializeError(thrown);
    expect(error.kind).toBe('internal');
    expect(errorText(error)).toBe('Something went wrong in the extension. Try again; if it persists, reload the extension.');
    expect(errorText(error)).not.toMatch(/refused|undefined/);
    // The exception's own words stay for the details.
    expect(technicalText(error)).toContain('TypeError');
    expect(serializeError('a thrown string')).toEqual({ kind: 'internal', message: 'a thrown string' });
  });
});
