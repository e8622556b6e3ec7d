import http, { type ClientRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_BASE, type OrderStreamEvent } from '@kopi/shared';
import type { FastifyInstance } from 'fastify';

// A client of the live order stream for tests: reads GET /transactions/events over real HTTP (an
// injected request cannot stream) and keeps every event and comment it received.

export interface StreamEvent {
  /** The order event's id (data.event_id). */
  id: number;
  /** The frame's SSE id: the stream's cursor after it, to resume from. */
  cursor: string;
  event: string;
  data: OrderStreamEvent;
}

/**
 * One frame in a failure's message: an order event by its id, order and status; any other frame
 * (the pick-up screen's board) by its event name and data.
 */
const summaryOf = (e: StreamEvent): unknown =>
  e.data.order ? [e.id, e.data.type, e.data.order.id, e.data.order.status_id] : [e.event, e.data];

/** Starts `app` on a free port of 127.0.0.1 and answers its address. */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export class SseClient {
  readonly events: StreamEvent[] = [];
  readonly comments: string[] = [];
  /** The last SSE id received (a frame's, or the one a new stream starts with): what a browser resumes from. */
  lastCursor: string | undefined;
  ended = false;
  readonly #done: Promise<void>;

  // node:http rather than fetch: destroying a request ends its socket at once, whereas an aborted
  // fetch's body can be left waiting forever (undici), which hung a suite's clean-up under load.
  private constructor(
    readonly status: number,
    readonly headers: IncomingHttpHeaders,
    private readonly request: ClientRequest,
    response: IncomingMessage,
    private readonly parseFrames = true,
  ) {
    this.#done = this.#read(response);
  }

  /** Opens a stream; `bearer` sends the token as Authorization: Bearer instead of access-token. */
  static async open(
    base: string,
    token: string | undefined,
    /**
     * `path`: another stream of the API than the order stream (with its query), e.g. /status/events.
     * `headers`: more headers, sent as they are (each value must be what HTTP can carry: latin1, no
     * control character). `timeoutMs`: the answer's head must come within it, else open rejects.
     * `parseFrames: false`: the frames' data are not parsed into `events` (streams opened by the
     * hundred, whose events are not looked at: parsing them would only load the test's thread).
     */
    options: {
      lastEventId?: number | string;
      bearer?: boolean;
      path?: string;
      headers?: Record<string, string>;
      timeoutMs?: number;
      parseFrames?: boolean;
    } = {},
  ): Promise<SseClient> {
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (token !== undefined) headers[options.bearer ? 'authorization' : 'access-token'] = options.bearer ? `Bearer ${token}` : token;
    if (options.lastEventId !== undefined) headers['last-event-id'] = String(options.lastEventId);
    Object.assign(headers, options.headers);
    // A fresh connection per stream (no keep-alive agent), so that closing one closes its socket.
    const request = http.get(`${base}${API_BASE}${options.path ?? '/transactions/events'}`, { headers, agent: false });
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)), options.timeoutMs);
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      request.once('response', resolve);
      request.once('error', reject);
    }).finally(() => clearTimeout(timer));
    return new SseClient(response.statusCode ?? 0, response.headers, request, response, options.parseFrames);
  }

  /** A response header, lower-case name. */
  header(name: string): string | undefined {
    const value = this.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  async #read(response: IncomingMessage): Promise<void> {
    response.setEncoding('utf8');
    let buffer = '';
    try {
      for await (const chunk of response as AsyncIterable<string>) {
        if (this.status !== 200) continue; // an error's JSON body: read to its end, not parsed
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          this.#parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
      }
    } catch (error) {
      // Our own close() destroys the socket mid-stream: that is how a stream ends here.
      if (!['ECONNRESET', 'ERR_STREAM_PREMATURE_CLOSE'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
    } finally {
      this.ended = true;
    }
  }

  #parse(block: string): void {
    const fields: Record<string, string> = {};
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
      else {
        const colon = line.indexOf(':');
        fields[line.slice(0, colon)] = line.slice(colon + 1).replace(/^ /, '');
      }
    }
    if (fields.id !== undefined) this.lastCursor = fields.id;
    if (fields.data !== undefined && this.parseFrames) {
      const data = JSON.parse(fields.data);
      this.events.push({ id: Number(data.event_id), cursor: fields.id ?? '', event: fields.event ?? 'message', data });
    }
  }

  /** Waits until `condition` holds, for at most `ms`. */
  async until(condition: (client: SseClient) => boolean, ms = 3000): Promise<void> {
    const start = Date.now();
    while (!condition(this)) {
      if (Date.now() - start > ms) {
        throw new Error(`stream condition not met within ${ms} ms; events: ${JSON.stringify(this.events.map(summaryOf))}`);
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** The events about one order. */
  of(orderId: number): StreamEvent[] {
    return this.events.filter((e) => e.data.order?.id === orderId);
  }

  async close(): Promise<void> {
    this.request.destroy();
    await this.#done;
  }
}
