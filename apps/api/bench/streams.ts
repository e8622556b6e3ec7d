// The live order stream under load (docs/decisions/events-over-listen-notify.md): 1,000 concurrent streams on one instance (an admin's
// board each: every event goes to every stream), then status changes one after another; for each,
// the time from the change until its event has arrived on all 1,000 streams (target p99 ≤ 250 ms),
// and the server's memory per open stream.
import type { ChildProcess } from 'node:child_process';
import { API_BASE } from '@kopi/shared';

export interface StreamsResult {
  streams: number;
  changes: number;
  /** From sending the change (its commit comes before its answer) to its arrival on the last stream, ms. */
  p50: number;
  p99: number;
  max: number;
  /** From the change's answer (after its commit) to the last stream, ms: the commit lies between the two. */
  fromAnswerP50: number;
  fromAnswerP99: number;
  /** From the change's time in the database (its statement's start, just before its commit) to the last stream, ms. */
  fromChangeP50: number;
  fromChangeP99: number;
  /** Server memory per open stream, KB: V8 heap + buffers, and the whole process (rss). */
  heapKbPerStream: number;
  rssKbPerStream: number;
  /** Streams that did not get every event (should be 0). */
  missed: number;
}

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

async function memoryOf(server: ChildProcess): Promise<Memory> {
  const answer = new Promise<Memory>((resolve) => server.once('message', (m) => resolve(m as Memory)));
  server.send('memory');
  return answer;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const round = (n: number) => Math.round(n * 10) / 10;

/** One open stream that notes when each event id first arrives. */
class Reader {
  readonly arrivals = new Map<number, number>();
  /** Wall-clock arrivals (ms since the epoch), to compare with the event's time in the database. */
  readonly wall = new Map<number, number>();
  connected = false;
  readonly #abort = new AbortController();
  #done: Promise<void> = Promise.resolve();

  async open(url: string, token: string): Promise<void> {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: this.#abort.signal });
    if (response.status !== 200 || !response.body) throw new Error(`stream answered ${response.status}`);
    const decoder = new TextDecoder();
    let tail = '';
    this.#done = (async () => {
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          const now = performance.now();
          const text = tail + decoder.decode(chunk, { stream: true });
          if (text.includes(': connected')) this.connected = true;
          for (const match of text.matchAll(/(?:^|\n)id: (\d+)\n/g)) {
            const id = Number(match[1]);
            if (!this.arrivals.has(id)) {
              this.arrivals.set(id, now);
              this.wall.set(id, performance.timeOrigin + now);
            }
          }
          tail = text.slice(-40); // an id line split between two chunks is found in the next one
        }
      } catch (error) {
        if ((error as Error).name !== 'AbortError') throw error;
      }
    })();
  }

  async close(): Promise<void> {
    this.#abort.abort();
    await this.#done;
  }
}

async function call(base: string, method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${base}${API_BASE}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'access-token': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: { id: number; events?: { id: number; at: string }[] } };
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json.data;
}

export async function benchStreams(
  base: string,
  server: ChildProcess,
  tokens: { admin: string; customer: string },
  options: { streams: number; changes: number; productId: number },
): Promise<StreamsResult> {
  const url = `${base}${API_BASE}/transactions/events`;
  const before = await memoryOf(server);
  const readers = Array.from({ length: options.streams }, () => new Reader());
  for (let i = 0; i < readers.length; i += 100) {
    await Promise.all(readers.slice(i, i + 100).map((r) => r.open(url, tokens.admin)));
  }
  for (let waited = 0; readers.some((r) => !r.connected); waited += 10) {
    if (waited > 30_000) throw new Error('the streams did not all open within 30 s');
    await new Promise((r) => setTimeout(r, 10));
  }
  await new Promise((r) => setTimeout(r, 500));
  const after = await memoryOf(server);

  const fromStart: number[] = [];
  const fromAnswer: number[] = [];
  const fromChange: number[] = [];
  let missed = 0;
  try {
    let order = 0;
    let step = 3; // every order goes Pending → Preparing → Ready → Done
    for (let change = 0; change < options.changes; change++) {
      if (step === 3) {
        order = (
          await call(base, 'POST', '/transactions', tokens.customer, {
            product_id: options.productId,
            qty: 1,
            size_id: 1,
            delivery_id: 1,
            payment_id: 1,
          })
        ).id;
        step = 0;
      }
      const status_id = [4, 5, 2][step++]!;
      const started = performance.now();
      const moved = await call(base, 'PATCH', `/transactions/${order}`, tokens.admin, { status_id });
      const answered = performance.now();
      const event = moved.events!.at(-1)!;
      const eventId = event.id;
      const deadline = answered + 10_000;
      while (readers.some((r) => !r.arrivals.has(eventId)) && performance.now() < deadline) await new Promise((r) => setImmediate(r));
      const arrived = readers.map((r) => r.arrivals.get(eventId));
      missed += arrived.filter((t) => t === undefined).length;
      const last = Math.max(...arrived.map((t) => t ?? deadline));
      fromStart.push(last - started);
      fromAnswer.push(Math.max(0, last - answered));
      const lastWall = Math.max(...readers.map((r) => r.wall.get(eventId) ?? Number.POSITIVE_INFINITY));
      fromChange.push(lastWall - Date.parse(event.at));
    }
  } finally {
    await Promise.all(readers.map((r) => r.close()));
  }
  return {
    streams: options.streams,
    changes: options.changes,
    p50: round(percentile(fromStart, 50)),
    p99: round(percentile(fromStart, 99)),
    max: round(Math.max(...fromStart)),
    fromAnswerP50: round(percentile(fromAnswer, 50)),
    fromAnswerP99: round(percentile(fromAnswer, 99)),
    fromChangeP50: round(percentile(fromChange, 50)),
    fromChangeP99: round(percentile(fromChange, 99)),
    heapKbPerStream: round((after.heapUsed + after.external - before.heapUsed - before.external) / options.streams / 1024),
    rssKbPerStream: round((after.rss - before.rss) / options.streams / 1024),
    missed,
  };
}

export function printStreams(kind: string, r: StreamsResult): void {
  console.log(
    `\n| ${kind}: live streams | streams | changes | change's time in the database → last stream p50 / p99 ms | request sent → last stream p50 / p99 / max ms | answer → last stream p50 / p99 ms | memory per stream (heap+buffers / rss) KB | missed |`,
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  console.log(
    `| status change → all streams | ${r.streams} | ${r.changes} | ${r.fromChangeP50} / ${r.fromChangeP99} | ${r.p50} / ${r.p99} / ${r.max} | ${r.fromAnswerP50} / ${r.fromAnswerP99} | ${r.heapKbPerStream} / ${r.rssKbPerStream} | ${r.missed} |`,
  );
  const ok = r.fromChangeP99 <= 250 && r.missed === 0;
  console.log(
    `- ${kind} live streams: from the change (its statement in the database, just before its commit) to all ${r.streams} streams, p99 ≤ 250 ms (${r.fromChangeP99}), none missed (${r.missed}): ${ok ? 'met' : 'NOT met'}`,
  );
}
