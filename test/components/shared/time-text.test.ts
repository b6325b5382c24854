// Times said one way each, in the UI language: a day, a clock time, a moment.
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { clockText, dayText, momentText } from '../../../components/shared/time-text';

const AT = new Date(2026, 11, 1, 23, 39, 35).getTime();

describe('times as the surfaces say them', () => {
  it('in English', () => {
    expect(dayText(AT)).toBe('December 1, 2026');
    expect(clockText(AT)).toBe('11:39 PM');
    expect(clockText(AT, true)).toBe('11:39:35 PM');
    expect(momentText(AT)).toBe('Dec 1, 2026, 11:39 PM');
  });

  it('in French, the UI language, whatever the system’s', () => {
    fakeBrowser.i18n.getUILanguage = () => 'fr';
    expect(dayText(AT)).toBe('1 décembre 2026');
    expect(clockText(AT)).toBe('23:39');
    expect(momentText(AT)).toBe('1 déc. 2026, 23:39');
    // The text a reader kept (ISO 8601) reads the same as its milliseconds.
    expect(momentText(new Date(AT).toISOString())).toBe('1 déc. 2026, 23:39');
  });

  it('leaves text that is no time as it came', () => {
    expect(momentText('soon')).toBe('soon');
  });
});
