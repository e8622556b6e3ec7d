import type { AddressInfo } from 'node:net';
import { API_BASE, type OrderStreamEvent } from '@kopi/shared';
import type { FastifyInstance } from 'fastify';

// A client of the live order stream for tests: reads GET /transactions/events over real HTTP (an
// injected request cannot stream) and keeps every event and comment it received.

export interface StreamEvent {
  id: number;
  event: string;
  data: OrderStreamEvent;
}

/** Starts `app` on a free port of 127.0.0.1 and answers its address. */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export class SseClient {
  readonly events: StreamEvent[] = [];
  readonly comments: string[] = [];
  ended = false;
  readonly #abort = new AbortController();
  readonly #done: Promise<void>;

  private constructor(readonly response: Response) {
    this.#done = this.#read();
  }

  /** Opens a stream; `bearer` sends the token as Authorization: Bearer instead of access-token. */
  static async open(
    base: string,
    token: string | undefined,
    options: { lastEventId?: number | string; bearer?: boolean } = {},
  ): Promise<SseClient> {
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (token !== undefined) headers[options.bearer ? 'authorization' : 'access-token'] = options.bearer ? `Bearer ${token}` : token;
    if (options.lastEventId !== undefined) headers['last-event-id'] = String(options.lastEventId);
    const abort = new AbortController();
    const response = await fetch(`${base}${API_BASE}/transactions/events`, { headers, signal: abort.signal });
    const client = new SseClient(response);
    client.#abort.signal.addEventListener('abort', () => abort.abort());
    return client;
  }

  get status() {
    return this.response.status;
  }

  async #read(): Promise<void> {
    if (!this.response.body || this.response.status !== 200) {
      await this.response.text().catch(() => '');
      this.ended = true;
      return;
    }
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of this.response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          this.#parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
      }
    } catch (error) {
      if ((error as Error).name !== 'AbortError') throw error;
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
    if (fields.data !== undefined) {
      this.events.push({ id: Number(fields.id), event: fields.event ?? 'message', data: JSON.parse(fields.data) });
    }
  }

  /** Waits until `condition` holds, for at most `ms`. */
  async until(condition: (client: SseClient) => boolean, ms = 3000): Promise<void> {
    const start = Date.now();
    while (!condition(this)) {
      if (Date.now() - start > ms) {
        throw new Error(
          `stream condition not met within ${ms} ms; events: ${JSON.stringify(this.events.map((e) => [e.id, e.data.type, e.data.order.id, e.data.order.status_id]))}`,
        );
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** The events about one order. */
  of(orderId: number): StreamEvent[] {
    return this.events.filter((e) => e.data.order.id === orderId);
  }

  async close(): Promise<void> {
    this.#abort.abort();
    await this.#done.catch(() => {});
  }
}
