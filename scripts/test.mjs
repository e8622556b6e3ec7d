// `npm test`: every stage in order (lint, type checks, the unit and API suites, the browser tests),
// stopping at the first that fails, and how long each took: CI prints them, to keep within its time.
import { spawnSync } from 'node:child_process';

const STAGES = ['lint', 'typecheck', 'test:unit', 'test:e2e'];
const times = [];
const seconds = (ms) => `${Math.round(ms / 1000)} s`;

for (const stage of STAGES) {
  const started = Date.now();
  const run = spawnSync('npm', ['run', stage], { stdio: 'inherit' });
  times.push(`${stage} ${seconds(Date.now() - started)}`);
  if (run.status !== 0) {
    console.error(`\nnpm test: ${stage} failed (${run.signal ?? `exit code ${run.status}`}). Stages: ${times.join(', ')}`);
    process.exit(run.status ?? 1);
  }
}
console.log(`\nnpm test on Node ${process.versions.node}: ${times.join(', ')}`);
