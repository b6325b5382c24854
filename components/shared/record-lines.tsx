import type { ComponentType } from 'preact';
import type { Line } from '../../lib/api/body/unplaced';
import { t, uiLanguage } from '../../lib/extension/i18n';
import { timeWords } from '../../lib/util/time-words';

/**
 * What the reading rules could not place in a record, as the service sent it: one line a member,
 * its key made readable. Each value as it is (a time in the person's words), or drawn by `Value` (the options' long values cut with
 * Show all, components/options/record-lines.tsx); the queue's are short already (lib/api/reader.ts).
 */
export function RecordLines({ lines, Value }: { lines: Line[] | undefined; Value?: ComponentType<{ value: string }> | undefined }) {
  if (!lines?.length) return null;
  return (
    <div class="record-lines">
      <p class="muted">{t('blank.lines')}</p>
      {/* A term and its value side by side (a grid, components/shared/base.css). */}
      <dl>
        {lines.map((l) => {
          // A time the service sent as ISO text is said in the person's words and time zone, never raw.
          const time = timeWords(l.value, uiLanguage(), Date.now());
          return [
            <dt>{l.label}</dt>,
            time ? (
              <dd>
                <time dateTime={l.value.trim()}>{time}</time>
              </dd>
            ) : Value ? (
              <Value value={l.value} />
            ) : (
              <dd>{l.value}</dd>
            ),
          ];
        })}
      </dl>
    </div>
  );
}
