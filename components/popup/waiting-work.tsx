import { t, tn } from '../../lib/extension/i18n';
import { QUEUE_HASH, type WaitingCount } from '../../lib/views/waiting-work';
import { useBackend } from '../shared/use-backend';
import { useWaitingWork } from '../shared/use-waiting-work';

const words = (c: WaitingCount, key: string) => (c.more ? t(`${key}More`, [c.count]) : tn(key, c.count));

/** "3 emails and 2 letters wait for your validation", each a link to its queue in the options page, opened on its first item. */
export function WaitingWork({ enabled }: { enabled: boolean }) {
  const backend = useBackend();
  const waiting = useWaitingWork(enabled);

  const parts = (['emails', 'letters', 'replies'] as const).flatMap((kind) => {
    const c = waiting?.[kind];
    return c?.count ? [{ view: QUEUE_HASH[kind], text: words(c, `popup.waiting${kind[0]!.toUpperCase()}${kind.slice(1)}`) }] : [];
  });
  if (!enabled || !parts.length) return null;
  return (
    <p class="waiting-work">
      {parts.map((p, i) => (
        <span key={p.view}>
          {i > 0 && ' · '}
          <a
            href={`options.html#${p.view}`}
            onClick={(e) => {
              e.preventDefault();
              backend.openOptions(p.view);
            }}
          >
            {p.text}
          </a>
        </span>
      ))}
    </p>
  );
}
