// The Web Locks API (navigator.locks) as browsers have it, for Node, which lacks it: one lock
// shared by the "contexts" (module instances) of a test, exclusive or shared, granted in order.
type Mode = 'shared' | 'exclusive';
interface Waiting {
  mode: Mode;
  start: () => void;
}

export function webLocks() {
  const held = new Map<string, { mode: Mode; count: number }>();
  const queues = new Map<string, Waiting[]>();
  const pump = (name: string) => {
    const queue = queues.get(name) ?? [];
    while (queue.length) {
      const now = held.get(name);
      const next = queue[0]!;
      if (now && (now.mode === 'exclusive' || next.mode === 'exclusive')) return;
      queue.shift();
      held.set(name, { mode: next.mode, count: (now?.count ?? 0) + 1 });
      next.start();
    }
  };
  return {
    request<T>(name: string, options: { mode: Mode }, run: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const start = () =>
          void run()
            .then(resolve, reject)
            .finally(() => {
              const now = held.get(name)!;
              if (--now.count === 0) held.delete(name);
              pump(name);
            });
        queues.set(name, [...(queues.get(name) ?? []), { mode: options.mode, start }]);
        pump(name);
      });
    },
  };
}
