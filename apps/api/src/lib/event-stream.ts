import type { Writable } from 'node:stream';

// Server-Sent-Event streams to clients (the live orders, the pick-up screen). A client that stops
// reading must not hold an ever-growing buffer in the server (docs/security.md): once more than
// `maxBuffered` bytes wait unsent, its stream counts as stuck and is ended, and the client reconnects
// and resumes (from its Last-Event-ID).

/** Bytes a stream may have waiting unsent before it counts as stuck. */
export const MAX_BUFFERED_BYTES = 1_048_576;

/** Writes `chunk` to a client's stream; false when the client has stopped reading (end the stream). */
export function writeEvent(body: Writable, chunk: string | Buffer, maxBuffered = MAX_BUFFERED_BYTES): boolean {
  body.write(chunk);
  return body.writableLength <= maxBuffered;
}
