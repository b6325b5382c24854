import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../lib/extension/i18n';
import type { Marked } from './queue-row';

interface Props {
  marked: Marked;
  /** Takes the mark back; resolves false when it already went to the service. */
  onUndo(): Promise<boolean>;
  onDone(): void;
}

/**
 * "Marked sent: Camille. Undo" for as long as the background holds the write, counting down. The
 * toast is a status region (announced, not focused): focus stays on the queue.
 */
export function UndoToast({ marked, onUndo, onDone }: Props) {
  const until = marked.receipt.state === 'held' ? marked.receipt.until : Date.now();
  const [left, setLeft] = useState(() => Math.max(0, Math.ceil((until - Date.now()) / 1000)));
  const [late, setLate] = useState(false);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    const timer = setInterval(() => {
      const seconds = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setLeft(seconds);
      if (seconds === 0) {
        clearInterval(timer);
        done.current();
      }
    }, 250);
    return () => clearInterval(timer);
  }, [until]);
  const words = t(marked.outcome === 'sent' ? 'queue.markedSent' : 'queue.markedFailed', [marked.name]);
  return (
    <div class="toast" role="status">
      <span>{late ? t('queue.undoTooLate') : words}</span>
      {marked.receipt.state === 'held' && left > 0 && !late && (
        <button type="button" class="link" onClick={() => void onUndo().then((undone) => (undone ? done.current() : setLate(true)))}>
          {t('queue.undo', [left])}
        </button>
      )}
    </div>
  );
}
