// @vitest-environment happy-dom
// A record's lines say a time the service sent as ISO text in the person's words and time zone.
import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { RecordLines as OptionsLines } from '../../../components/options/record-lines';
import { RecordLines } from '../../../components/shared/record-lines';
import { getMessageFrom, loadMessages } from '../../helpers/messages';

afterEach(cleanup);

/** Two hours before now, to the millisecond, as the service writes it. */
const twoHoursAgo = () => new Date(Date.now() - 2 * 3_600_000).toISOString();

describe('a record’s lines', () => {
  it.each([
    ['en', 'Updated at', /\b20\d\d\b/, '2 hours ago'],
    ['fr', 'Mis à jour', /\b20\d\d\b/, 'il y a 2 heures'],
  ])('say a time in the person’s words, never the raw ISO text (%s)', (lang, label, year, ago) => {
    if (lang === 'fr') {
      fakeBrowser.i18n.getMessage = getMessageFrom(loadMessages('fr')) as typeof fakeBrowser.i18n.getMessage;
      fakeBrowser.i18n.getUILanguage = () => 'fr';
    } else fakeBrowser.i18n.getUILanguage = () => 'en';
    const raw = twoHoursAgo();
    for (const Lines of [RecordLines, OptionsLines]) {
      const { container, unmount } = render(
        <Lines
          lines={[
            { label, value: raw },
            { label: 'Source', value: 'Salon Lyon 2026' },
          ]}
        />,
      );
      const [time, source] = [...container.querySelectorAll('dd')];
      expect(time!.textContent).not.toContain(raw);
      expect(time!.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
      expect(time!.textContent).toMatch(year);
      expect(time!.textContent).toContain(`(${ago})`);
      expect(time!.querySelector('time')!.getAttribute('datetime')).toBe(raw);
      expect(source!.textContent).toBe('Salon Lyon 2026');
      unmount();
    }
  });
});
