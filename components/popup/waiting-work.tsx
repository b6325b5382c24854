import { useEffect } from 'preact/hooks';
import { t, tn } from '../../lib/i18n';
import { waitingWorkItem } from '../../lib/storage';
import { QUEUE_HASH, WAITING_PAGE, waitingCount, waitingStale, type WaitingCount, type WaitingKind } from '../../lib/views/waiting-work';
import { useBackend } from '../shared/use-backend';
import { useStored } from '../shared/use-stored';

const words = (c: WaitingCount, key: string) => (c.more ? t(`${key}More`, [c.count]) : tn(key, c.count));

/** "3 emails and 2 letters wait for your validation", each a link to its queue in the options page, opened on its first item. */
export function WaitingWork({ enabled }: { enabled: boolean }) {
  const backend = useBackend();
  const waiting = useStored(waitingWorkItem, null);

  useEffect(() => {
    if (!enabled) return;
    void (async () => {
      if (!waitingStale(await waitingWorkItem.getValue(), Date.now())) return;
      const read = async (name: 'emailsToValidate' | 'lettersToValidate' | 'emailsToHandle', what: WaitingKind) => {
        try {
          return waitingCount(await backend.ask({ type: 'viewRead', call: { name, query: { per_page: WAITING_PAGE } } }), what);
        } catch {
          // Not known this time: the header says nothing about it rather than something wrong.
          return null;
        }
      };
      const [emails, letters, replies] = await Promise.all([
        read('emailsToValidate', 'emails'),
        read('lettersToValidate', 'letters'),
        read('emailsToHandle', 'replies'),
      ]);
      if (emails || letters || replies) await waitingWorkItem.setValue({ emails, letters, replies, fetchedAt: Date.now() });
    })();
  }, [enabled]);

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
