import { useEffect, useRef, useState } from 'preact/hooks';
import type { DeskCommand } from '../../lib/page/assist/desk-link';
import type { AssistSnapshot } from '../../lib/page/assist/session';
import type { DeskBrowser, DeskLine } from '../../lib/desk/browser-desk';

/** The line to the followed tab's assisted send: what its session last said, and the desk's controls. */
export interface DeskLineState {
  /** The session's snapshot (null while none runs there); the desk shows it only for its invitation. */
  snapshot: AssistSnapshot | null;
  send(command: DeskCommand): void;
  /** Opens the line again (after the desk's Prepare). */
  again(): void;
}

/**
 * The line to the assisted send of the profile the followed tab shows (`slug`; none off profiles),
 * opened for every profile alike, whether or not it has a ready invitation: what the desk does toward
 * a tab must not tell what the ready list holds (docs/architecture.md, "The page learns nothing").
 * null while no session runs there (the desk has not prepared yet, or the tab was not brought there by
 * the extension). Opened again at each profile the tab shows, when the background loads the session
 * into that tab, and when `again` is called.
 */
export function useDeskLine(desk: DeskBrowser, tabId: number | undefined, slug: string | null): DeskLineState {
  const [snapshot, setSnapshot] = useState<AssistSnapshot | null>(null);
  const [attempt, setAttempt] = useState(0);
  const line = useRef<DeskLine | null>(null);
  const open = tabId !== undefined && slug !== null;
  useEffect(() => {
    setSnapshot(null);
    if (!open) return;
    const opened = desk.link(tabId, (update) => setSnapshot(update?.snapshot ?? null));
    line.current = opened;
    return () => {
      opened.close();
      if (line.current === opened) line.current = null;
    };
  }, [tabId, slug, attempt]);
  useEffect(() => desk.onAssistShown((id) => open && id === tabId && setAttempt((n) => n + 1)), [tabId, open]);
  return {
    snapshot,
    send: (command: DeskCommand) => line.current?.send(command),
    again: () => setAttempt((n) => n + 1),
  };
}
