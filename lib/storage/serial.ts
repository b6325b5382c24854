// One task at a time, in the order asked: a read-change-write of stored state must not meet
// another (two marks delivered together, fast typing in a note, a double click). A task that
// fails does not stop the ones after it.

/** A queue: each task given runs once the ones before it ended, and answers its own result. */
export function serial(): <T>(task: () => Promise<T>) => Promise<T> {
  let queue: Promise<unknown> = Promise.resolve();
  return (task) => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };
}
