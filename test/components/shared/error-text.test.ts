import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { getMessageFrom, loadMessages } from '../../helpers/messages';
import { errorText, technicalText } from '../../../components/shared/error-text';
import type { ApiErrorKind, HandledFinding } from '../../../lib/api/errors';
import { momentWords } from '../../../lib/util/time-words';

const KINDS = [
  'unauthorized',
  'agent-paused',
  'agent-cancelled',
  'validation',
  'rate-limited',
  'not-found',
  'server',
  'service',
  'network',
  'timeout',
  'invalid-response',
  'too-large',
  'invalid-request',
  'not-configured',
  'permission',
  'vault',
  'no-answer',
  'internal',
  'handled-elsewhere',
  'note-changed',
  'seen-changed',
] as const satisfies readonly ApiErrorKind[];
/** Every kind is listed above: a new kind does not compile until it is, and then needs its sentence. */
type Unlisted = Exclude<ApiErrorKind, (typeof KINDS)[number]>;
const allListed: [Unlisted] extends [never] ? true : Unlisted = true;

describe('errorText', () => {
  it('gives every error kind its own sentence', () => {
    expect(allListed).toBe(true);
    const texts = KINDS.map((kind) => errorText({ kind, message: 'boom' }));
    expect(texts.every((text) => text.length > 10)).toBe(true);
    expect(new Set(texts).size).toBe(KINDS.length);
  });

  it("shows the fields of a validation error, else the service's short sentence, else a plain sentence", () => {
    expect(errorText({ kind: 'validation', message: 'm', fields: { message: 'Too long' } })).toContain('Too long');
    expect(errorText({ kind: 'validation', message: 'Bad note', said: 'Bad note' })).toContain('Bad note');
    expect(errorText({ kind: 'validation', message: 'The given data was invalid and more words than a sentence' })).toBe(
      'The service refused this change. Check what you entered, then try again.',
    );
  });

  it('shows the service words and the wait in seconds where they matter, and keeps HTTP codes for the details', () => {
    expect(errorText({ kind: 'service', message: 'Quota exceeded', said: 'Quota exceeded' })).toContain('Quota exceeded');
    expect(errorText({ kind: 'server', message: '', status: 503 })).not.toContain('503');
    expect(technicalText({ kind: 'server', message: 'Bad gateway', status: 503 })).toBe('server (HTTP 503): Bad gateway');
    expect(technicalText({ kind: 'service', message: '', status: 400 })).toBe('service (HTTP 400)');
    expect(errorText({ kind: 'rate-limited', message: '', status: 429, retryAfterSeconds: 41.2 })).toContain('42');
    expect(errorText({ kind: 'rate-limited', message: '', status: 429 })).not.toMatch(/\d/);
  });

  it('says the extension’s own request pace is spent, and when it goes on, never that the service asked to slow down', () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 28, 10, 40, 30) });
    try {
      // Nothing was sent (no status): the extension's own budget.
      const own = errorText({ kind: 'rate-limited', message: '', status: 0, retryAfterSeconds: 90 });
      expect(own).toBe(
        `This extension's pace: next request at ${new Date(2026, 10, 28, 10, 42).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}.`,
      );
      expect(own).not.toMatch(/service|slow/i);
      expect(errorText({ kind: 'rate-limited', message: '', status: 429, retryAfterSeconds: 90 })).toMatch(/service asks to slow down/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says what a refusal without words of its own means, by status, never "HTTP 403"', () => {
    expect(errorText({ kind: 'service', message: '', status: 403 })).toBe(
      "The service does not allow this with your API key. Check the key's rights in your account.",
    );
    expect(errorText({ kind: 'service', message: '', status: 409 })).toBe('The service holds a newer state for this. Refresh, then try again.');
    expect(errorText({ kind: 'service', message: 'HTTP 400', status: 400 })).toBe(
      'The service refused this. Try again later; if it keeps refusing, the details help support.',
    );
  });
});

describe('errors in plain words', () => {
  it("never shows a parser's output or raw HTML to the person", () => {
    const parser = { kind: 'invalid-response' as const, message: 'No list of actions found in the response (looked under data, actions, items, results)' };
    expect(errorText(parser)).not.toContain('looked under');
    const html = { kind: 'service' as const, message: '<html><head><style>body{color:red}</style></head><body><h1>Forbidden</h1></body></html>', status: 403 };
    expect(errorText(html)).not.toMatch(/[<>]|Forbidden|color/);
    expect(technicalText(html)).toBe('service (HTTP 403): Forbidden');
    expect(technicalText(parser)).toContain('looked under');
  });
});

describe('what reading a refused invitation again found, in words', () => {
  const original = { getMessage: fakeBrowser.i18n.getMessage, getUILanguage: fakeBrowser.i18n.getUILanguage };
  afterEach(() => {
    Object.assign(fakeBrowser.i18n, original);
    vi.useRealTimers();
  });
  const at = (h: number, m: number, day = 2) => new Date(2026, 11, day, h, m).toISOString();
  const hhmm = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  const said = (found: HandledFinding) => errorText({ kind: 'handled-elsewhere', message: 'Only actions in ready can be marked failed.', status: 422, found });

  it.each([
    [
      'en',
      [
        'Élodie Marchand was already marked sent, at $T. Marked from Firefox.',
        'Élodie Marchand was already marked failed, at $T.',
        'This invitation was already marked sent.',
        'The invitation to Élodie Marchand is no longer ready: it was already handled elsewhere.',
        'This invitation is no longer ready: it was already handled elsewhere.',
      ],
    ],
    [
      'fr',
      [
        'L’invitation à Élodie Marchand était déjà marquée envoyée, à $T. Marquée depuis Firefox.',
        'L’invitation à Élodie Marchand était déjà marquée en échec, à $T.',
        'Cette invitation était déjà marquée envoyée.',
        'L’invitation à Élodie Marchand n’est plus prête : elle a déjà été traitée ailleurs.',
        'Cette invitation n’est plus prête : elle a déjà été traitée ailleurs.',
      ],
    ],
  ])('names the person, what the service holds, when and from which browser it says, and only that (%s)', (lang, sentences) => {
    vi.useFakeTimers({ now: new Date(2026, 11, 2, 10, 40) });
    if (lang === 'fr') fakeBrowser.i18n.getMessage = getMessageFrom(loadMessages('fr')) as typeof fakeBrowser.i18n.getMessage;
    const sent = at(10, 31);
    expect([
      said({ state: 'sent', at: sent, browser: 'Firefox', person: 'Élodie Marchand' }),
      said({ state: 'failed', at: sent, person: 'Élodie Marchand' }),
      said({ state: 'sent' }),
      said({ state: 'gone', person: 'Élodie Marchand' }),
      said({ state: 'gone' }),
    ]).toEqual(sentences.map((s) => s.replace('$T', hhmm(sent))));
    // Another day: the day is said too, never a clock time alone, as every moment is (components/shared/time-text.ts).
    expect(said({ state: 'sent', at: at(9, 5, 1), person: 'Élodie Marchand' })).toMatch(lang === 'fr' ? /, le .+$/ : /, on .+$/);
  });

  it.each([
    ['en', 'Élodie Marchand was marked sent after your mark, at $T. Marked from Firefox.', 'This invitation was marked failed after your mark.'],
    [
      'fr',
      'L’invitation à Élodie Marchand a été marquée envoyée après votre marque, à $T. Marquée depuis Firefox.',
      'Cette invitation a été marquée en échec après votre marque.',
    ],
  ])('a mark that lost a race: says the later mark the service holds now, after the person’s own (%s)', (lang, named, unnamed) => {
    vi.useFakeTimers({ now: new Date(2026, 11, 2, 10, 40) });
    if (lang === 'fr') fakeBrowser.i18n.getMessage = getMessageFrom(loadMessages('fr')) as typeof fakeBrowser.i18n.getMessage;
    const sent = at(10, 32);
    expect(said({ state: 'sent', at: sent, browser: 'Firefox', person: 'Élodie Marchand', after: true })).toBe(named.replace('$T', hhmm(sent)));
    expect(said({ state: 'failed', after: true })).toBe(unnamed);
  });

  it('says another day’s moment in the extension’s language, not the system’s', () => {
    vi.useFakeTimers({ now: new Date(2026, 11, 2, 10, 40) });
    fakeBrowser.i18n.getMessage = getMessageFrom(loadMessages('fr')) as typeof fakeBrowser.i18n.getMessage;
    fakeBrowser.i18n.getUILanguage = () => 'fr';
    const when = at(9, 5, 1);
    expect(said({ state: 'sent', at: when, person: 'Élodie Marchand' })).toBe(
      `L’invitation à Élodie Marchand était déjà marquée envoyée, le ${momentWords(Date.parse(when), 'fr')}.`,
    );
  });
});
