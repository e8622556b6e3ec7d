// The bench's tables (markdown, so the latest one can be pasted into the README) and its verdict
// against the targets of DESIGN §8 and issue #10.

export interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  /** Answers with a 2xx status. */
  ok: number;
  /** Bytes on the wire per answer, headers included. */
  bytesPerAnswer: number;
  /** The server's event-loop delay during the measured run, in ms (bench/loop-delay.mjs). */
  loop?: { p50: number; p99: number; max: number };
  /** Which target applies. */
  target?: 'list' | 'detail' | 'orders';
  /** The bare Fastify route's requests/s, measured just before this call. */
  bareRps?: number;
}

type Kind = 'pglite' | 'postgres';
const LABEL: Record<Kind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };
const percentOf = (r: Result) => (r.bareRps ? `${Math.round((r.rps / r.bareRps) * 100)}%` : '–');
const ms = (value: number | undefined) => (value === undefined ? '–' : value.toFixed(1));

export function printTable(kind: Kind, results: Result[]): void {
  console.log(
    `\n| ${LABEL[kind]} | requests/s | p50 ms | p99 ms | bare just before | vs bare | loop delay p99 / max ms | bytes/answer | errors |`,
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of results) {
    console.log(
      `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.bareRps ?? '–'} | ${percentOf(r)} | ${ms(r.loop?.p99)} / ${ms(r.loop?.max)} | ${r.bytesPerAnswer} | ${r.errors} |`,
    );
  }
}

/** One table with both databases side by side, then each target met or not. */
export function printSummary(all: Partial<Record<Kind, Result[]>>, run: { connections: number; seconds: number }): void {
  const kinds = Object.keys(all) as Kind[];
  const names = all[kinds[0]!]!.map((r) => r.name);
  const bares = kinds.flatMap((k) => all[k]!.map((r) => r.bareRps ?? 0));
  console.log(
    `\nbare Fastify ${Math.min(...bares)}–${Math.max(...bares)} requests/s, measured before each call (each call is compared with its own); ${run.connections} connections, ${run.seconds} s per call, answers as a browser accepts them\n`,
  );
  console.log(`| call | ${kinds.map((k) => `${LABEL[k]} req/s (vs bare) | p99 ms | loop delay p99 ms`).join(' | ')} |`);
  console.log(`| --- | ${kinds.map(() => '---: | ---: | ---:').join(' | ')} |`);
  for (const name of names) {
    const cells = kinds.map((k) => {
      const r = all[k]!.find((x) => x.name === name)!;
      return `${r.rps} (${percentOf(r)}) | ${r.p99} | ${ms(r.loop?.p99)}`;
    });
    console.log(`| ${name} | ${cells.join(' | ')} |`);
  }

  console.log('\nTargets (DESIGN §8, issue #10):');
  const check = (ok: boolean) => (ok ? 'met' : 'NOT met');
  for (const kind of kinds) {
    for (const r of all[kind]!) {
      if (r.target === 'list' || r.target === 'detail') {
        const share = r.target === 'list' ? 0.25 : 0.4;
        const ok = r.rps >= (r.bareRps ?? Number.POSITIVE_INFINITY) * share && r.p99 <= 25 && r.errors === 0;
        console.log(
          `- ${LABEL[kind]} ${r.name}: ≥ ${share * 100}% of bare (${percentOf(r)}), p99 ≤ 25 ms (${r.p99}), no error (${r.errors}): ${check(ok)}`,
        );
      } else if (r.target === 'orders') {
        const [rate, p99] = kind === 'postgres' ? [1000, Number.POSITIVE_INFINITY] : [500, 100];
        const ok = r.rps >= rate && r.p99 <= p99 && r.errors === 0;
        const latency = Number.isFinite(p99) ? `, p99 ≤ ${p99} ms (${r.p99})` : '';
        console.log(`- ${LABEL[kind]} orders: ≥ ${rate}/s (${r.rps})${latency}, no error (${r.errors}): ${check(ok)}`);
      }
    }
  }
}
