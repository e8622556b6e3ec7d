// The browser tests run in E2E_WORKERS workers (two by default), each against a production server of
// its own, on a fresh seeded database of its own, so that two specs never meet in one shop
// (docs/decisions/ci-time.md). Worker n (Playwright's parallelIndex) talks to the shop on E2E_PORT + n.

/** How many workers run the specs, and so how many shops the run starts. */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/** The first shop's port; E2E_PORT lets a second run on this machine (e.g. beside CI) use its own. */
const FIRST_PORT = Number(process.env.E2E_PORT ?? 8091);

/** The shop of the worker with this parallelIndex. */
export function shopPort(parallelIndex: number): number {
  return FIRST_PORT + parallelIndex;
}

export function shopURL(parallelIndex: number): string {
  return `http://127.0.0.1:${shopPort(parallelIndex)}`;
}
