import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { onPostgres } from './helpers.ts';
import { type Command, commandArb, describeViolations, type ModelShop, modelShop, runModel } from './order-model-support.ts';

// A property-based model of the order path (docs/decisions/order-promise.md; order-model-support.ts has the model
// and the invariants). Random sequences of commands run against two app instances on one PostgreSQL
// database, or one instance on PGlite; fast-check chooses the seed and prints it with the smallest
// failing sequence it found. Bounded by default (well under a minute for both databases together);
// MODEL_RUNS=200 runs longer, MODEL_COMMANDS sets the longest sequence, MODEL_SEED (and MODEL_PATH)
// replay a reported failure (concurrent commands may come out otherwise), MODEL_DEBUG=1 logs each run.

const RUNS = Number(process.env.MODEL_RUNS ?? 50);
const MAX_COMMANDS = Number(process.env.MODEL_COMMANDS ?? 14);
/**
 * The property's time, shrinking included: runs stop there (those done count), and a failure found is
 * reported with the smallest sequence found by then. A run takes 0.2 to 2 s: the file takes
 * about 20 s per database, setup included.
 */
const TIME_LIMIT_MS = Number(process.env.MODEL_TIME_LIMIT_MS ?? (process.env.MODEL_RUNS ? RUNS * 4000 : 15_000));

/**
 * The property on one shop. A run the time limit interrupts goes on in the background (fast-check
 * cannot stop it): `settled` waits for it, so that the shop is not closed under it.
 */
function modelProperty(getShop: () => ModelShop) {
  let run = 0;
  let inFlight: Promise<unknown> = Promise.resolve();
  const tally = new Map<string, number>();
  return {
    check: () =>
      fc.assert(
        fc.asyncProperty(fc.array(commandArb, { minLength: 1, maxLength: MAX_COMMANDS, size: 'max' }), async (commands: Command[]) => {
          run += 1;
          const running = runModel(getShop(), commands, { run, tally });
          inFlight = running.catch(() => {});
          const violations = await running;
          if (violations.length > 0) {
            const broken = new Set(violations.map((v) => v.invariant)).size;
            throw new Error(`the run broke ${broken} invariant(s):\n${describeViolations(violations)}`);
          }
        }),
        {
          numRuns: RUNS,
          plugins: [fc.interruptAfterTimeLimit(TIME_LIMIT_MS)],
          ...(process.env.MODEL_SEED ? { seed: Number(process.env.MODEL_SEED), path: process.env.MODEL_PATH } : {}),
        },
      ),
    settled: async () => {
      await inFlight;
      if (process.env.MODEL_DEBUG) console.log(`answers and events over ${run} runs:`, Object.fromEntries([...tally].sort()));
    },
  };
}

describe.skipIf(!onPostgres)('the order model on two app instances sharing one PostgreSQL database', () => {
  let model: Awaited<ReturnType<typeof modelShop>>;
  const property = modelProperty(() => model.shop);
  beforeAll(async () => {
    model = await modelShop(2);
  });
  afterAll(async () => {
    await property.settled();
    await model?.close();
  });

  it('keeps every invariant under random commands', () => property.check(), TIME_LIMIT_MS + 20_000);
});

describe.skipIf(onPostgres)('the order model on one instance on PGlite', () => {
  let model: Awaited<ReturnType<typeof modelShop>>;
  const property = modelProperty(() => model.shop);
  beforeAll(async () => {
    model = await modelShop(1);
  });
  afterAll(async () => {
    await property.settled();
    await model?.close();
  });

  it('keeps every invariant under random commands', () => property.check(), TIME_LIMIT_MS + 20_000);
});
