// Two budgets for the end-to-end files. The files that mostly wait on real time (the outbox's
// retry deadlines and request budget) run beside the others, in workers of their own; every other
// file holds one of a few CPU slots from its first hook to its last, so the machine's two cores
// have no more browsers to drive than they can keep busy. A slot is a TCP connection to a counter in the
// vitest process (the config's global setup): it frees itself when the file ends, or its worker dies.
import { connect, createServer, type Socket } from 'node:net';
import type { TestProject } from 'vitest/node';

/** The files that wait (the outbox's real deadlines), started first and outside the CPU slots. */
export const WAITING_FILES = ['outbox-return.test.ts', 'outbox.test.ts'];

/**
 * Browser files driven at once. A browser file alone uses well under a core (it spends the rest waiting,
 * on what was not measured), so two slots left the cores idle a quarter of the time: three measured 325 s
 * and 311 s against 382 s for two, four 299 s (docs/development.md, "What npm test costs in CPU").
 */
export const CPU_SLOTS = 3;

export const isWaitingFile = (path: string) => WAITING_FILES.some((name) => path.endsWith(`/${name}`));

declare module 'vitest' {
  export interface ProvidedContext {
    cpuSlotsPort: number;
  }
}

/** The counter, in the vitest process: grants slots in the order asked, one connection each. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const queue: Socket[] = [];
  const held = new Set<Socket>();
  const grant = () => {
    while (held.size < CPU_SLOTS && queue.length > 0) {
      const next = queue.shift()!;
      held.add(next);
      next.write('go\n');
    }
  };
  const server = createServer((socket) => {
    queue.push(socket);
    const free = () => {
      held.delete(socket);
      const waiting = queue.indexOf(socket);
      if (waiting >= 0) queue.splice(waiting, 1);
      grant();
    };
    socket.on('close', free);
    socket.on('error', free);
    grant();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  project.provide('cpuSlotsPort', (server.address() as { port: number }).port);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Waits for a CPU slot; the function returned gives it back. */
export function takeSlot(port: number): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('error', reject);
    socket.once('data', () => resolve(() => socket.destroy()));
  });
}
