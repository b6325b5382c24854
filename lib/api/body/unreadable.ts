// The error of an answer the reading rules cannot place, apart from the rules themselves: the pages
// that only tell it from other failures (lib/messaging/request-state.ts) load nothing else.

/** An answer the rules cannot place: the client gives it as an InvalidResponseError ("could not be read"). */
export class UnreadableError extends Error {
  constructor(
    readonly op: string,
    readonly path: string,
    what: string,
    /** Set when no list of records was found at all: the records looked for ("emails"). */
    readonly list?: string,
  ) {
    super(`${op}: ${what} (reading stopped at ${path})`);
    this.name = 'UnreadableError';
  }
}
