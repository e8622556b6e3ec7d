import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { API_BASE } from '@kopi/shared';
import { sendToPrinter } from './modules/printing/printer-socket.ts';

// The print agent (docs/shop-rules.md#receipts-and-printers): for a server that cannot reach the
// shop's printers (in the cloud), a small process in the shop takes the print jobs over its own
// outbound connection (a held request, asked again as soon as it is answered) and sends them to the
// printers on the shop's network. The server keeps the queue, its retries and its order.
//
//   npm run print-agent -- --shop https://kopi.example --key <PRINT_AGENT_KEY>

interface AgentJob {
  id: number;
  printer: { name: string; host: string; port: number };
  bytes: string;
}

export interface PrintAgentOptions {
  /** The shop's address, e.g. https://kopi.example */
  shop: string;
  key: string;
  signal: AbortSignal;
  log: (line: string) => void;
  /** How long a printer has to take the bytes. */
  printerTimeoutMs?: number;
  /** The wait before asking again after the shop did not answer. */
  retryMs?: number;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** Runs until `signal` aborts. */
export async function runPrintAgent(options: PrintAgentOptions): Promise<void> {
  const { shop, key, signal, log } = options;
  const base = `${shop.replace(/\/+$/, '')}${API_BASE}/print-agent/jobs`;
  const headers = { 'print-agent-key': key };
  const report = (id: number, error?: string) =>
    fetch(`${base}/${id}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(error === undefined ? {} : { error: error.slice(0, 300) }),
      signal: AbortSignal.timeout(10_000),
    });

  while (!signal.aborted) {
    let jobs: AgentJob[];
    try {
      const answer = await fetch(`${base}?wait=20`, { headers, signal: AbortSignal.any([signal, AbortSignal.timeout(30_000)]) });
      if (!answer.ok) throw new Error(`the shop answered ${answer.status}`);
      jobs = ((await answer.json()) as { data: AgentJob[] }).data;
    } catch (error) {
      if (signal.aborted) return;
      log(`print agent: no jobs from the shop (${error instanceof Error ? error.message : String(error)}); asking again soon`);
      await sleep(options.retryMs ?? 5000, signal);
      continue;
    }
    // Each printer's jobs in their order; one printer that does not answer holds only its own.
    const byPrinter = new Map<string, AgentJob[]>();
    for (const job of jobs) byPrinter.set(job.printer.name, [...(byPrinter.get(job.printer.name) ?? []), job]);
    await Promise.all(
      [...byPrinter.values()].map(async (own) => {
        for (const job of own) {
          try {
            await sendToPrinter(job.printer, Buffer.from(job.bytes, 'base64'), options.printerTimeoutMs ?? 3000);
            await report(job.id).catch(() => undefined); // unreported: the lease ends and it prints again
          } catch (error) {
            const reason = error instanceof Error ? error.message : String(error);
            log(`print agent: printer ${job.printer.name} did not take job ${job.id} (${reason})`);
            // The server holds this printer's later jobs too: they come again after the wait.
            await report(job.id, reason).catch(() => undefined);
            return;
          }
        }
      }),
    );
  }
}

// Run as a command (npm run print-agent): until Ctrl-C or a stop.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { shop: { type: 'string' }, key: { type: 'string' } } });
  if (!values.shop || !values.key) {
    console.error('usage: npm run print-agent -- --shop https://your-shop.example --key <PRINT_AGENT_KEY>');
    process.exit(2);
  }
  const stop = new AbortController();
  for (const name of ['SIGINT', 'SIGTERM'] as const) process.once(name, () => stop.abort());
  console.log(`print agent: taking print jobs from ${values.shop}`);
  await runPrintAgent({ shop: values.shop, key: values.key, signal: stop.signal, log: (line) => console.log(line) });
}
