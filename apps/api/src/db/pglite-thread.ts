import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Database, Row, Sql } from './database.js';
import {
  EmbeddedDatabaseError,
  type WorkerOptions,
  type WorkerReady,
  type WorkerReply,
  type WorkerRequest,
} from './pglite-protocol.js';

/** Requests without their id (it is given when sent). */
type Request = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

/** tsx's ESM API (`tsx/esm/api`, import condition), as a file URL the thread can import. */
function tsxEsmApi(): string {
  const manifestPath = createRequire(import.meta.url).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  const entry = manifest.exports['./esm/api']?.import.default;
  if (!entry) throw new Error('tsx does not export tsx/esm/api: cannot run the database thread from TypeScript sources.');
  return pathToFileURL(join(dirname(manifestPath), entry)).href;
}

/**
 * The thread's code: next to this file as JavaScript in the compiled server (dist/). When the API
 * runs from its TypeScript sources (vitest, tsx), a worker thread does not inherit the module
 * loader of the file that starts it, so a small bootstrap registers tsx's loader in the thread
 * first and then imports the TypeScript file.
 */
function startWorker(workerData: WorkerOptions): Worker {
  const compiled = new URL('./pglite-worker.js', import.meta.url);
  if (import.meta.url.endsWith('.js') && existsSync(fileURLToPath(compiled))) return new Worker(compiled, { workerData });
  const tsxApi = tsxEsmApi();
  const source = new URL('./pglite-worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(bootstrap, { eval: true, workerData });
}

/**
 * The embedded database in its own thread (pglite-worker.ts), so its statements, about three
 * quarters of the CPU time of a public read, no longer run on the API's event loop: requests and
 * live event streams go on while PGlite works. Statements are sent as messages and rows come back
 * by structured clone; an error keeps PostgreSQL's fields (`code`, `constraint`, `detail`…).
 */
export async function openPgliteThread(pgdata?: string, loadDataDir?: Blob): Promise<Database> {
  // The tarball crosses to the thread as bytes: a Blob is not part of workerData's structured clone.
  const template = loadDataDir ? new Uint8Array(await loadDataDir.arrayBuffer()) : undefined;
  const worker = startWorker({ pgdata, template });
  const pending = new Map<number, { resolve: (reply: WorkerReply & { ok: true }) => void; reject: (err: Error) => void }>();
  let nextId = 1;
  /** Set once the thread has stopped: every later call fails with it. */
  let stopped: Error | undefined;
  /** Open transactions also keep the process alive: their next statement is still to come. */
  let openTransactions = 0;

  // The thread keeps the process alive only while it has work: an idle database must not hold
  // up the exit of a script or test that has finished with it.
  const holdProcess = () => {
    if (pending.size > 0 || openTransactions > 0) worker.ref();
    else worker.unref();
  };

  const stop = (err: Error) => {
    stopped ??= err;
    for (const p of pending.values()) p.reject(stopped);
    pending.clear();
  };

  await new Promise<void>((resolve, reject) => {
    const onReady = (message: WorkerReady) => {
      worker.off('error', onStartError);
      if (message.ready) resolve();
      else reject(new EmbeddedDatabaseError(message.error));
    };
    const onStartError = (err: Error) => reject(err);
    worker.once('message', onReady);
    worker.once('error', onStartError);
  }).catch(async (err: unknown) => {
    await worker.terminate();
    throw err;
  });

  worker.on('message', (reply: WorkerReply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    holdProcess();
    if (reply.ok) p.resolve(reply);
    else p.reject(new EmbeddedDatabaseError(reply.error));
  });
  worker.on('error', (err) => stop(new Error(`The embedded database stopped: ${err.message}`, { cause: err })));
  worker.on('exit', (code) => stop(new Error(`The embedded database stopped (exit code ${code}).`)));
  holdProcess();

  const send = (request: Request) =>
    new Promise<WorkerReply & { ok: true }>((resolve, reject) => {
      if (stopped) return reject(stopped);
      const id = nextId++;
      // The caller's own stack, so a failing statement points at the code that sent it.
      const origin = new Error();
      pending.set(id, {
        resolve,
        reject: (err) => {
          if (err instanceof EmbeddedDatabaseError && origin.stack) {
            err.stack = `${err.name}: ${err.message}\n${origin.stack.split('\n').slice(1).join('\n')}`;
          }
          reject(err);
        },
      });
      try {
        worker.postMessage({ ...request, id } as WorkerRequest);
      } catch (err) {
        // A parameter that cannot be copied to the thread (a function, a socket): nothing was sent.
        pending.delete(id);
        return reject(err);
      } finally {
        holdProcess();
      }
    });

  const sqlOn = (tx: number | undefined): Sql => ({
    query: async <T = Row>(text: string, params?: readonly unknown[]) => {
      const reply = await send(params === undefined ? { op: 'query', text, tx } : { op: 'query', text, params, tx });
      return (reply.rows ?? []) as T[];
    },
    exec: async (script) => {
      await send({ op: 'exec', text: script, tx });
    },
  });
  const outside = sqlOn(undefined);

  return {
    kind: 'pglite',
    query: outside.query,
    exec: outside.exec,
    async transaction(fn) {
      openTransactions += 1;
      try {
        const { tx } = await send({ op: 'begin' });
        if (tx === undefined) throw new Error('The embedded database opened no transaction.');
        let result;
        try {
          result = await fn(sqlOn(tx));
        } catch (err) {
          await send({ op: 'rollback', tx }).catch(() => undefined);
          throw err;
        }
        await send({ op: 'commit', tx });
        return result;
      } finally {
        openTransactions -= 1;
        holdProcess();
      }
    },
    async close() {
      if (!stopped) {
        try {
          await send({ op: 'close' });
        } finally {
          stop(new Error('The embedded database is closed.'));
          await worker.terminate();
        }
      }
    },
  };
}
