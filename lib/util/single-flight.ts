// One run of a task at a time. The poll, the outbox's delivery and the key's verification each
// need it: a second caller joins the run under way instead of starting another, and a caller
// whose change came too late for that run (a new key, a new write) asks for one more run after it.

export interface SingleFlight<T> {
  /** Joins the run under way, or starts one; `again` asks for one more run once it ends. */
  run(again?: boolean): Promise<T>;
}

export function singleFlight<T>(task: () => Promise<T>): SingleFlight<T> {
  let running: Promise<T> | null = null;
  let rerun = false;
  return {
    run(again = false) {
      if (running) {
        if (again) rerun = true;
        return running;
      }
      running = (async () => {
        let result: T;
        do {
          rerun = false;
          result = await task();
        } while (rerun);
        return result;
      })().finally(() => {
        running = null;
      });
      return running;
    },
  };
}
