import { useEffect, useRef, useState } from 'preact/hooks';
import type { DeskCommand } from '../../lib/page/assist/desk-link';
import type { AssistSnapshot } from '../../lib/page/assist/session';
import type { DeskBrowser, DeskLine } from '../../lib/desk/browser-desk';

/**
 * The assisted send of the tab at hand, as its session reports it (null while none runs there: the
 * desk has not prepared yet, or the tab was not brought there by the extension), and the line to send
 * it the desk's controls. The line is opened again when the background loads the session into that
 * tab, and when `again` is called (after the desk's Prepare).
 */
export function useDeskLine(desk: DeskBrowser, tabId: number | undefined, actionId: string | undefined) {
  const [snapshot, setSnapshot] = useState<AssistSnapshot | null>(null);
  const [attempt, setAttempt] = useState(0);
  const line = useRef<DeskLine | null>(null);
  useEffect(() => {
    setSnapshot(null);
    if (tabId === undefined) return;
    const opened = desk.link(tabId, (update) => setSnapshot(update?.snapshot ?? null));
    line.current = opened;
    return () => {
      opened.close();
      if (line.current === opened) line.current = null;
    };
  }, [tabId, attempt]);
  useEffect(() => desk.onAssistShown((id) => id === tabId && setAttempt((n) => n + 1)), [tabId]);
  return {
    /** Only the session of this invitation: another's is of a tab that moved on. */
    snapshot: snapshot?.actionId === actionId ? snapshot : null,
    send: (command: DeskCommand) => line.current?.send(command),
    again: () => setAttempt((n) => n + 1),
  };
}
