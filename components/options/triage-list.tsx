import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../lib/extension/i18n';

const ITEM = '[data-review-item]';
const KEYS = ['jk', 'v', 'r', 'e', 'u', 'help'] as const;

/**
 * A queue to decide by keyboard: j/k (↑/↓) move between items, v validates, r rejects, e edits,
 * u takes back the newest decision of the view, ? lists the keys. Keys typed in a text box are
 * left to it (Escape returns to the item), so editing traps nothing. When a decided item leaves
 * the list, focus goes to the one that takes its place and the decision is announced.
 */
export function TriageList(props: { total: number; offset?: number; focusFirst?: boolean; children: ComponentChildren }) {
  const { total, offset = 0, focusFirst, children } = props;
  const box = useRef<HTMLDivElement>(null);
  const [pos, setPos] = useState(0);
  const [help, setHelp] = useState(false);
  const [said, say] = useState('');
  const last = useRef<{ index: number; label: string } | null>(null);
  const items = () => [...(box.current?.querySelectorAll<HTMLElement>(ITEM) ?? [])];
  const opened = useRef(!focusFirst);

  // Opened from a link to this queue (the popup, the overview): on its first item once it shows.
  useEffect(() => {
    const first = opened.current ? undefined : items()[0];
    if (!first) return;
    opened.current = true;
    first.focus();
  });

  useEffect(() => {
    const list = box.current?.querySelector('ul');
    if (!list) return;
    const watch = new MutationObserver(() => {
      const was = last.current;
      if (!was) return;
      const all = items();
      const still = all.findIndex((el) => el.getAttribute('aria-label') === was.label);
      if (still < 0) {
        last.current = null;
        say(t('review23.decided', [was.label, all.length]));
      }
      // Only when focus was lost with the item or its buttons: a person who moved on keeps their place.
      const active = document.activeElement;
      if (active && active !== document.body && document.contains(active)) return;
      const next = still >= 0 ? (all[still + 1] ?? all[still]) : all[Math.min(was.index, all.length - 1)];
      if (next) next.focus();
      else (box.current?.closest('section')?.querySelector<HTMLElement>('h2, h3') ?? box.current)?.focus();
    });
    watch.observe(list, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, []);

  function onFocusIn(ev: FocusEvent) {
    const item = (ev.target as HTMLElement).closest<HTMLElement>(ITEM);
    if (!item) return;
    const index = items().indexOf(item);
    setPos(index + 1);
    last.current = { index, label: item.getAttribute('aria-label') ?? '' };
  }

  function onKeyDown(ev: KeyboardEvent) {
    const target = ev.target as HTMLElement;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const item = target.closest<HTMLElement>(ITEM);
    if (target.matches('textarea, input, select')) {
      if (ev.key === 'Escape' && item) item.focus();
      return;
    }
    const all = items();
    const at = item ? all.indexOf(item) : -1;
    const press = (action: string) => item?.querySelector<HTMLButtonElement>(`[data-action="${action}"]:not(:disabled)`)?.click();
    const keys: Record<string, () => void> = {
      j: () => all[Math.min(at + 1, all.length - 1)]?.focus(),
      k: () => all[Math.max(at - 1, 0)]?.focus(),
      v: () => press('validate'),
      r: () => press('reject'),
      e: () => {
        press('edit');
        // The text boxes appear on the next render.
        setTimeout(() => item?.querySelector('textarea')?.focus(), 0);
      },
      u: () => box.current?.closest('section')?.querySelector<HTMLButtonElement>('.decisions li:first-child [data-action="undo"]')?.click(),
      '?': () => setHelp(!help),
    };
    keys.ArrowDown = keys.j!;
    keys.ArrowUp = keys.k!;
    const run = keys[ev.key];
    if (!run) return;
    ev.preventDefault();
    run();
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keys typed inside the list's items bubble here; each item and button is focusable itself
    <div ref={box} class="triage" onKeyDown={onKeyDown} onFocusIn={onFocusIn}>
      <p class="triage-bar muted">
        {total > 0 && pos > 0 && <span>{t('review23.position', [offset + pos, total])} · </span>}
        <button type="button" class="quiet" aria-expanded={help} onClick={() => setHelp(!help)}>
          {t('review23.keysButton')}
        </button>
      </p>
      {help && (
        <ul class="triage-keys">
          {KEYS.map((k) => (
            <li key={k}>{t(`review23.keys.${k}`)}</li>
          ))}
        </ul>
      )}
      <p class="sr-only" role="status">
        {said}
      </p>
      {children}
    </div>
  );
}
