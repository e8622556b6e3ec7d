// Sums a .cpuprofile's self time by function and by file (node --cpu-prof; the bench's BENCH_CPU_PROF):
// `node apps/api/bench/profile-summary.mjs file.cpuprofile [rows]`.
import { readFileSync } from 'node:fs';

const [file, top = '40'] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.mjs file.cpuprofile [rows]');
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
/** `WINDOW=createOrder` counts only the samples from the first to the last with that function on the stack (the measured load). */
const windowFn = process.env.WINDOW;
const onStack = (id) => {
  for (let at = id; at !== undefined; at = parent.get(at)) if (byId.get(at).callFrame.functionName === windowFn) return true;
  return false;
};
let [first, last] = [0, profile.samples.length - 1];
const times = [];
let clock = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  clock += profile.timeDeltas[i] ?? 0;
  times.push(clock);
}
const at = (i) => times[i];
if (windowFn) {
  first = profile.samples.findIndex(onStack);
  last = profile.samples.findLastIndex(onStack);
  const seconds = profile.timeDeltas.slice(first, last + 1).reduce((a, b) => a + b, 0) / 1e6;
  console.log(`window: samples ${first}–${last} (${seconds.toFixed(1)} s), from the first to the last with ${windowFn} on the stack`);
  console.log(`(another thread's profile over the same time: SPAN=${at(first)}-${at(last)})`);
} else if (process.env.SPAN) {
  // The same span of time in another thread's profile (the PGlite worker's): the clocks are the process's.
  const [from, to] = process.env.SPAN.split('-').map(Number);
  first = profile.samples.findIndex((_, i) => at(i) >= from);
  last = profile.samples.findLastIndex((_, i) => at(i) <= to);
}
const self = new Map();
// Samples are taken at intervals given by timeDeltas (µs), each on one node.
for (let i = first; i <= last; i++) {
  const id = profile.samples[i];
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const short = (url) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/.*node_modules\//, 'nm/')
    .replace(/.*\/apps\//, 'apps/')
    .replace(/.*\/packages\//, 'packages/') || '(native)';
const functions = new Map();
const files = new Map();
const packages = new Map();
for (const [id, us] of self) {
  const { callFrame } = byId.get(id);
  const where = short(callFrame.url);
  const fn = `${callFrame.functionName || '(anonymous)'} ${where}:${callFrame.lineNumber + 1}`;
  functions.set(fn, (functions.get(fn) ?? 0) + us);
  files.set(where, (files.get(where) ?? 0) + us);
  const pkg = where.startsWith('nm/')
    ? where
        .split('/')
        .slice(1, where.split('/')[1].startsWith('@') ? 3 : 2)
        .join('/')
    : where.startsWith('node:')
      ? 'node:*'
      : where.startsWith('apps/') || where.startsWith('packages/')
        ? where.split('/').slice(0, 2).join('/')
        : where;
  packages.set(pkg, (packages.get(pkg) ?? 0) + us);
}
const print = (title, map, n) => {
  console.log(`\n${title} (of ${(total / 1000).toFixed(0)} ms sampled)`);
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) {
    console.log(`${((us / total) * 100).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`);
  }
};
print('self time by package', packages, 25);
print('self time by file', files, Number(top));
print('self time by function', functions, Number(top));

// Inclusive time (self and callees) of the app's own functions, each counted once per sample.
const inclusive = new Map();
for (const [id, us] of self) {
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const { callFrame } = byId.get(at);
    const where = short(callFrame.url);
    if (!where.startsWith('apps/') && !where.startsWith('packages/') && !where.startsWith('nm/fastify/') && !where.startsWith('nm/pg'))
      continue;
    const fn = `${callFrame.functionName || '(anonymous)'} ${where}:${callFrame.lineNumber + 1}`;
    if (seen.has(fn)) continue;
    seen.add(fn);
    inclusive.set(fn, (inclusive.get(fn) ?? 0) + us);
  }
}
print("inclusive time of the app's, Fastify's and pg's functions", inclusive, Number(top));
