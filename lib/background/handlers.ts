// A handler map typed by message kind: the compiler checks that every request of a protocol has
// a handler, and each reply's type is the one its handler produces (no table kept apart).

/** One handler per request type, each given its own request. */
export type Handlers<R extends { type: string }, Ctx = void> = {
  [K in R['type']]: (request: Extract<R, { type: K }>, ctx: Ctx) => Promise<unknown>;
};

/** The reply of each handler of a map, by request type. */
export type RepliesOf<H> = { [K in keyof H]: H[K] extends (...args: never[]) => Promise<infer T> ? T : never };

/** Runs the handler of this request's type. */
export function dispatch<R extends { type: string }, Ctx>(handlers: Handlers<R, Ctx>, request: R, ctx: Ctx): Promise<unknown> {
  // The map is complete by its type; TypeScript cannot relate a union's member to its handler.
  const handler = handlers[request.type as R['type']] as (request: R, ctx: Ctx) => Promise<unknown>;
  return handler(request, ctx);
}
