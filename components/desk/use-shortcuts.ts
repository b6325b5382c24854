import { useEffect, useState } from 'preact/hooks';
import { keysOf } from '../../lib/extension/shortcuts';
import { useBackend } from '../shared/use-backend';

export type Shortcuts = ReturnType<typeof keysOf>;

/**
 * The extension's keys as the browser really set them (commands.getAll, through the background),
 * null until read; `read` reads them again (the person may have set one in the browser meanwhile).
 */
export function useShortcuts(): { shortcuts: Shortcuts | null; read(): void } {
  const backend = useBackend();
  const [shortcuts, setShortcuts] = useState<Shortcuts | null>(null);
  const read = () =>
    void backend.ask({ type: 'shortcuts' }).then(
      (reported) => setShortcuts(keysOf(reported)),
      () => setShortcuts(null),
    );
  useEffect(read, []);
  return { shortcuts, read };
}
