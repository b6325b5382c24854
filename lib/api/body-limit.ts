// How much of an answer is read (issue 29, from a security review): within the request's own time
// limit (a body that never ends would hold the call, and the poll and the outbox behind it), and at
// most MAX_BODY_BYTES (a larger one is refused, never parsed).
import { TooLargeError } from './errors';

/** The most of an answer's body that is read: the service's largest page (100 records) is far below it. */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

const concat = (chunks: Uint8Array[], size: number): Uint8Array => {
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return all;
};

/**
 * The answer's text, read until `signal` aborts (the request's timer) and refused above `max`
 * bytes, whether the answer declares its length or not. Throws what stopped it: the signal's
 * abort, a TooLargeError, or the stream's own error.
 */
export async function readBodyText(response: Response, signal: AbortSignal, max = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > max) {
    void response.body?.cancel().catch(() => {});
    throw new TooLargeError(max, response.status, declared);
  }
  const stream = response.body;
  if (!stream) return '';
  const reader = stream.getReader();
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason ?? new Error('aborted'));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) break;
      size += value.byteLength;
      if (size > max) throw new TooLargeError(max, response.status);
      chunks.push(value);
    }
  } catch (error) {
    void reader.cancel().catch(() => {});
    throw error;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
  return new TextDecoder().decode(concat(chunks, size));
}
