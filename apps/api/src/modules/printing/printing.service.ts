import { formatShopTime, type Locale, type OrderDetail, STATUS } from '@kopi/shared';
import type { Db } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import { phrase, say } from '../../lib/i18n.ts';
import { orderToPrint } from '../orders/reads.service.ts';
import { receiptModel } from '../orders/receipt.ts';
import type { ShopSettings } from '../shop/shop.service.ts';
import { receiptBytes, type TicketModel, ticketBytes } from './escpos.ts';
import { sendToPrinter } from './printer-socket.ts';
import {
  attemptsOf,
  type ClaimedJob,
  claimDue,
  enqueueReprint,
  findEvent,
  insertJobs,
  lastAttempts,
  markFailed,
  markOrphaned,
  markPrinted,
  type NewPrintJob,
  purgeOld,
} from './printing.repository.ts';

// Receipt and station printers (docs/shop-rules.md#receipts-and-printers). An order entering the
// kitchen and a paid sale at the till put their paper in the print queue (an insert, right after the
// order is stored); a worker in every instance sends the queue to the printers over raw TCP, so a
// printer that is off never holds a sale: its jobs wait and are tried again, later and later.

export interface PrintingOptions {
  /** How long a printer has to accept the connection and take the bytes. */
  connectTimeoutMs: number;
  /** The first wait after a failed attempt; each next one doubles, up to retryCapMs. */
  retryBaseMs: number;
  retryCapMs: number;
  /** How often the worker looks for due jobs when nothing woke it. */
  pollMs: number;
  /** A receipt printed for an order this recently is not printed again (a double tap on Print). */
  reprintWindowMs: number;
  /** After this many attempts a job is failed for good (its paper would be of no use by then). */
  maxAttempts: number;
  /** Set: a print agent in the shop sends the jobs (takeForAgent, agentSent); the worker is off. */
  agentKey: string | undefined;
}

/** A job as the print agent gets it: where to send it, and its bytes (base64). */
export interface AgentJob {
  id: number;
  printer: { name: string; host: string; port: number };
  bytes: string;
}

export interface Printing {
  /** An order event was stored (OrderEffects.created): an order that enters the kitchen prints. */
  created(eventId: number): Promise<void>;
  /** POST /transactions/:id/print: the order's receipt on every receipt printer; false when a double tap. */
  reprint(orderId: number): Promise<{ printers: string[]; queued: boolean }>;
  /** GET /printers/status: each printer, offline when its last attempt failed. */
  status(): Promise<{ name: string; online: boolean }[]>;
  /** The print agent asks for jobs: those due, waiting up to `waitMs` for one. */
  takeForAgent(waitMs: number): Promise<AgentJob[]>;
  /** The print agent sent a job (error: the printer did not take it). */
  agentSent(id: number, error: string | undefined): Promise<void>;
  /** Starts the worker (unless a print agent sends the jobs). */
  start(): void;
  /** Stops the worker, waiting for the jobs being sent. */
  close(): Promise<void>;
}

/** Paper is printed in the shop's language: its staff's and its customers' at the counter. */
const PAPER_LOCALE: Locale = 'id';
/** Jobs one worker takes at once. */
const BATCH = 20;
/** How long a taken job is the taker's: far past a send's timeout, so no other instance takes it meanwhile. */
const LEASE_MS = 60_000;
/** How often the jobs done with a week ago are deleted. */
const PURGE_EVERY_MS = 60 * 60 * 1000;
/** How often a print agent's waiting request looks for new jobs. */
const AGENT_POLL_MS = 250;

/** The wait before attempt n + 1 after n failed ones: base, 2 × base, 4 × base… at most cap. */
export const retryDelay = (failed: number, options: Pick<PrintingOptions, 'retryBaseMs' | 'retryCapMs'>) =>
  Math.min(options.retryCapMs, options.retryBaseMs * 2 ** Math.max(0, failed - 1));

function ticketOf(order: OrderDetail, items: OrderDetail['items'], timezone: string): TicketModel {
  const words = (key: Parameters<typeof phrase>[0], values?: Parameters<typeof phrase>[1]) => say(PAPER_LOCALE, phrase(key, values));
  const delivery = words(order.delivery_id === 1 ? 'delivery.dineIn' : order.delivery_id === 3 ? 'delivery.pickUp' : 'delivery.door');
  const who = order.table
    ? words('server.receiptTable', { name: order.table.name })
    : order.customer.display_name
      ? words('server.receiptFor', { name: order.customer.display_name })
      : '';
  return {
    number: words('server.receiptOrder', { number: order.number }),
    time: formatShopTime(new Date(order.created_at), timezone, PAPER_LOCALE),
    place: who ? `${delivery} - ${who}` : delivery,
    lines: items.map((item) => ({
      qty: item.qty,
      name: item.product_name,
      size: item.size_name,
      addons: item.addons.map((addon) => `+ ${addon.product_name} x ${addon.qty}`),
    })),
  };
}

export function createPrinting(deps: {
  db: Db;
  shop: ShopSettings;
  options: PrintingOptions;
  log: { warn(message: string): void; error(message: string): void };
}): Printing {
  const { db, shop, options, log } = deps;
  const printers = () => shop.settings.printers;
  const receiptJobs = (order: OrderDetail): NewPrintJob[] => {
    const model = receiptModel(order, { ...shop.settings, timezone: shop.timezone }, PAPER_LOCALE);
    return printers()
      .filter((printer) => printer.prints === 'receipts')
      .map((printer) => ({ printer: printer.name, kind: 'receipt', transaction_id: order.id, bytes: receiptBytes(model, printer.width) }));
  };

  /** A station printer gets a ticket with that station's lines only; a station with none gets nothing. */
  const ticketJobs = (order: OrderDetail): NewPrintJob[] =>
    printers().flatMap((printer) => {
      if (printer.prints === 'receipts') return [];
      const lines = order.items.filter((item) => item.station === printer.prints);
      if (lines.length === 0) return [];
      const ticket = ticketOf(order, lines, shop.timezone);
      return [{ printer: printer.name, kind: 'ticket' as const, transaction_id: order.id, bytes: ticketBytes(ticket, printer.width) }];
    });

  // The worker: one sender per printer at a time, so a printer that does not answer holds only its own jobs.
  const busy = new Set<string>();
  const senders = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let looking: Promise<void> | undefined;
  let stopped = true;
  let closing = false;
  let purging: NodeJS.Timeout | undefined;

  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    // unref: a waiting worker never keeps the process (or a test) alive.
    timer = setTimeout(() => void look(), ms);
    timer.unref();
  };

  async function sendAll(printerName: string, jobs: ClaimedJob[]): Promise<void> {
    const printer = printers().find((p) => p.name === printerName);
    for (const job of jobs) {
      if (!printer) {
        await markOrphaned(db, job.id, 'the printer is no longer in the settings');
        continue;
      }
      try {
        await sendToPrinter(printer, job.bytes, options.connectTimeoutMs);
        await markPrinted(db, job.id);
      } catch (error) {
        const wait = retryDelay(job.attempts + 1, options);
        // The printer's address is the shop's own; the error says only what the socket said.
        const reason = error instanceof Error ? error.message : String(error);
        log.warn(`printing: printer ${printer.name} did not take job ${job.id} (${reason}); trying again in ${wait} ms`);
        // Its later jobs (these taken too) wait with it, so that the printer prints them in their order.
        await markFailed(db, job.id, reason, wait, options.maxAttempts);
        return;
      }
    }
  }

  async function look(): Promise<void> {
    if (stopped || looking) return;
    // A shop without printers (most) has no paper to send: the queue is not read every few seconds for nothing.
    if (printers().length === 0) return schedule(options.pollMs);
    let found = 0;
    looking = (async () => {
      const jobs = await claimDue(db, [...busy], BATCH, LEASE_MS);
      found = jobs.length;
      const byPrinter = new Map<string, ClaimedJob[]>();
      for (const job of jobs) byPrinter.set(job.printer, [...(byPrinter.get(job.printer) ?? []), job]);
      for (const [printer, own] of byPrinter) {
        busy.add(printer);
        const sending = sendAll(printer, own)
          .catch((error) => log.error(`printing: ${error instanceof Error ? error.message : String(error)}`))
          .finally(() => {
            busy.delete(printer);
            senders.delete(sending);
            schedule(0); // its next jobs, if any, at once
          });
        senders.add(sending);
      }
    })()
      .catch((error) => log.error(`printing: the queue could not be read (${error instanceof Error ? error.message : String(error)})`))
      .finally(() => {
        looking = undefined;
      });
    await looking;
    schedule(found === BATCH ? 0 : options.pollMs);
  }

  return {
    async created(eventId) {
      if (printers().length === 0) return;
      try {
        const event = await findEvent(db, eventId);
        // Awaiting payment is not in the kitchen yet: it prints when it is paid (an event of its own).
        if (event?.status_id !== STATUS.pending) return;
        const order = await orderToPrint(db, event.transaction_id);
        const jobs = ticketJobs(order);
        if (order.source === 'counter' && order.payment.status === 'paid') jobs.push(...receiptJobs(order));
        await insertJobs(db, jobs);
        if (jobs.length) schedule(0);
      } catch (error) {
        // The order is stored and answered whatever becomes of its paper.
        log.error(`printing: order event ${eventId} was not queued (${error instanceof Error ? error.message : String(error)})`);
      }
    },

    async reprint(orderId) {
      const order = await orderToPrint(db, orderId);
      const jobs = receiptJobs(order);
      if (jobs.length === 0) throw conflict('server.printNoPrinter');
      const queued = await enqueueReprint(db, jobs, orderId, options.reprintWindowMs);
      if (queued) schedule(0);
      return { printers: jobs.map((job) => job.printer), queued };
    },

    async status() {
      const last = new Map((await lastAttempts(db)).map((row) => [row.printer, row.status]));
      return printers().map((printer) => ({ name: printer.name, online: (last.get(printer.name) ?? 'printed') === 'printed' }));
    },

    async takeForAgent(waitMs) {
      const until = Date.now() + waitMs;
      for (;;) {
        const jobs: AgentJob[] = [];
        for (const job of await claimDue(db, [], BATCH, LEASE_MS)) {
          const printer = printers().find((p) => p.name === job.printer);
          if (!printer) await markOrphaned(db, job.id, 'the printer is no longer in the settings');
          else
            jobs.push({
              id: job.id,
              printer: { name: printer.name, host: printer.host, port: printer.port },
              bytes: job.bytes.toString('base64'),
            });
        }
        // An agent's request is held until there is paper (a long poll), never past the server's closing.
        if (jobs.length || Date.now() >= until || closing) return jobs;
        await new Promise((resolve) => setTimeout(resolve, AGENT_POLL_MS));
      }
    },

    async agentSent(id, error) {
      if (error === undefined) return markPrinted(db, id);
      const attempts = await attemptsOf(db, id);
      if (attempts === undefined) return;
      await markFailed(db, id, error, retryDelay(attempts + 1, options), options.maxAttempts);
    },

    start() {
      purging = setInterval(() => {
        purgeOld(db).catch((error) =>
          log.error(`printing: old jobs not deleted (${error instanceof Error ? error.message : String(error)})`),
        );
      }, PURGE_EVERY_MS);
      purging.unref();
      if (options.agentKey) return;
      stopped = false;
      schedule(0);
    },

    async close() {
      closing = true;
      stopped = true;
      clearInterval(purging);
      clearTimeout(timer);
      await looking;
      await Promise.all(senders);
    },
  };
}
