import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { REPO_ROOT } from '../src/config/env.js';

/**
 * `pnpm bench lighthouse`: Lighthouse (mobile: its default phone, simulated slow 4G and CPU) on the
 * built production server, performance and accessibility, for the public shop page and the back
 * office's sign-in page. Runs BENCH_RUNS times (default 3) and prints min / median / max. Nothing
 * is downloaded: the server runs on 127.0.0.1 with a fresh data folder, Chromium is the system's
 * (CHROMIUM_PATH, default /usr/bin/chromium) with background networking off, and Lighthouse's
 * throttling is simulated from the page's own trace.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** When set, each run's full Lighthouse report (JSON) is written there, to read what it flagged. */
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const PAGES = ['/shop/demo', '/login'];
const SERVER_ENTRY = join(REPO_ROOT, 'apps/api/dist/server.js');

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The compiled server as `npm start` runs it, in production mode, on its own data folder. */
async function startProductionServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'chairline-lighthouse-'));
  const child = spawn(process.execPath, ['--conditions=chairline-compiled', SERVER_ENTRY], {
    cwd: join(REPO_ROOT, 'apps/api'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      JWT_SECRET: 'lighthouse-bench-secret-long-enough-for-hs256',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  };
  // Ready when its health route answers (bounded: a server that never comes up ends the bench).
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited with ${child.exitCode}`);
    }
    const ok = await fetch(`${url}/api/health/`).then((r) => r.ok, () => false);
    if (ok) return { url, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server did not answer within 120 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Audits that fail in Lighthouse itself (a trace it could not record: NO_NAVSTART, NO_FCP…) are
 * run again, as its message asks, up to this many attempts in all; each retry is printed.
 */
const ATTEMPTS = 3;

async function audit(url: string, port: number): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { runtimeError } = result.lhr;
    if (!runtimeError) return scores(url, result.lhr);
    if (attempt >= ATTEMPTS) throw new Error(`Lighthouse on ${url}: ${runtimeError.message}`);
    console.error(`  Lighthouse on ${url} failed (${runtimeError.code}); running it again.`);
  }
}

function scores(url: string, lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']): LighthouseRun {
  const { categories, audits } = lhr;
  if (REPORT_DIR) {
    mkdirSync(REPORT_DIR, { recursive: true });
    const name = new URL(url).pathname.replaceAll('/', '_');
    writeFileSync(join(REPORT_DIR, `lighthouse${name}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
  };
}

function spread(values: number[], unit = ''): string {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  const f = (v: number | undefined) => `${Math.round(v ?? Number.NaN)}${unit}`;
  return `${f(sorted[0])} / ${f(median)} / ${f(sorted[sorted.length - 1])}`;
}

/** Each page's runs, in order; `runs` defaults to BENCH_RUNS. */
export async function measureLighthouse(runs = RUNS): Promise<Map<string, LighthouseRun[]>> {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`pnpm build\` first.`);
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM} (set CHROMIUM_PATH).`);
  const server = await startProductionServer();
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  const byPage = new Map<string, LighthouseRun[]>(PAGES.map((p) => [p, []]));
  try {
    // Warm the server's caches (first page render, statements) so run 1 is not an outlier of start-up.
    for (const page of PAGES) await fetch(`${server.url}${page}`).then((r) => r.arrayBuffer());
    for (let i = 0; i < runs; i++) {
      for (const page of PAGES) byPage.get(page)?.push(await audit(`${server.url}${page}`, chrome.port));
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  return byPage;
}

export async function printLighthouse(): Promise<void> {
  const runs = await measureLighthouse();
  const load = loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`Lighthouse ${RUNS} runs per page, mobile (simulated throttling), min / median / max; load average now ${load}`);
  for (const [page, list] of runs) {
    console.log(
      `${page.padEnd(11)} performance ${spread(list.map((r) => r.performance))}  accessibility ${spread(list.map((r) => r.accessibility))}  ` +
        `LCP ${spread(list.map((r) => r.lcpMs), ' ms')}  TBT ${spread(list.map((r) => r.tbtMs), ' ms')}`,
    );
  }
}
