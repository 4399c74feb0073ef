/** `pnpm bench [mode]`: the load test (load-test.ts) or one other measurement. */
// `pnpm bench <mode>` runs one measurement instead of the load test.
const MODES: Record<string, () => Promise<void>> = {
  // the simulated Saturday of the wait estimate
  'wait-accuracy': () => import('./wait-accuracy.js').then((m) => m.printWaitAccuracy()),
  // check-ins at a steady 200/s over 100 shops
  'check-in-rate': () => import('./check-in-rate.js').then((m) => m.printCheckInRate()),
  // one shop's events to thousands of open streams
  'fan-out': () => import('./fan-out.js').then((m) => m.printFanOut()),
  // one API instance against two on one PostgreSQL
  'scale-out': () => import('./scale-out.js').then((m) => m.printScaleOut()),
  // the embedded database on the event loop and in its thread
  'pglite-thread': () => import('./pglite-thread.js').then((m) => m.printPgliteThread()),
  // queue reads and writes with 10 to 10,000 waiting
  'queue-scale': () => import('./queue-scale.js').then((m) => m.printQueueScale()),
  // the first JavaScript of the public shop page and the back office
  'js-bytes': () => import('./front-end-weight.js').then((m) => m.printFrontEndWeight()),
  // Lighthouse mobile scores of /shop/demo and /login
  lighthouse: () => import('./lighthouse.js').then((m) => m.printLighthouse()),
  // every goal of the performance issue in one table, over BENCH_RUNS runs
  goals: () => import('./goals.js').then((m) => m.printGoals()),
};
const mode = process.argv[2];
if (mode !== undefined && !(mode in MODES)) {
  console.error(`Unknown bench "${mode}". Choose one of: ${Object.keys(MODES).join(', ')}, or nothing for the load test.`);
  process.exit(1);
}
const run = mode === undefined ? import('./load-test.js').then((m) => m.printLoadTest()) : MODES[mode]!();
run.catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
