import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { errorText, technicalText } from '../../../components/shared/error-text';
import { NetworkError, PermissionMissingError, serializeError } from '../../../lib/api/errors';
import { getMessageFrom, loadMessages } from '../../helpers/messages';

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

describe('a missing permission', () => {
  it('names the origin once in a sentence that reads right in English and French', () => {
    const error = serializeError(new PermissionMissingError('https://app.example.com'));
    expect(error).toMatchObject({ kind: 'permission', origin: 'https://app.example.com' });
    expect(errorText(error)).toBe('The extension is not allowed to reach https://app.example.com. In the settings, press Connect to allow it.');
    fakeBrowser.i18n.getMessage = getMessageFrom(loadMessages('fr')) as typeof fakeBrowser.i18n.getMessage;
    expect(errorText(error)).toBe(
      "L'extension n'a pas le droit de joindre https://app.example.com. Dans les réglages, appuyez sur Se connecter pour l'autoriser.",
    );
    // An error stored before the origin was kept still reads as a sentence.
    expect(errorText({ kind: 'permission', message: 'The extension may not reach https://app.example.com' })).not.toContain('may not reach');
  });
});
