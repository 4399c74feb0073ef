import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { PGLITE_PARSERS } from './pglite-parsers.js';
import { serializeError, type WorkerOptions, type WorkerReady, type WorkerReply, type WorkerRequest } from './pglite-protocol.js';

/**
 * The embedded database's own thread: PGlite (PostgreSQL compiled to WebAssembly) runs its
 * statements here, so a slow one never holds up the API's event loop (requests, event streams).
 * One connection: PGlite runs one statement at a time, and while a transaction is open its other
 * queries wait for it to end (PGlite's own transaction lock).
 */
if (!parentPort) throw new Error('pglite-worker.ts runs as a worker thread (see pglite.ts).');
const port = parentPort;

/** Thrown into an open PGlite transaction to roll it back when the API asks. */
const ROLLBACK = Symbol('rollback');

interface OpenTransaction {
  tx: Transaction;
  finish: (commit: boolean) => void;
  /** Settles when PGlite has committed (or rolled back). */
  ended: Promise<void>;
}

const options = workerData as WorkerOptions;
const transactions = new Map<number, OpenTransaction>();
let nextTx = 1;

const reply = (message: WorkerReply) => port.postMessage(message);

function begin(db: PGlite): Promise<number> {
  return new Promise<number>((opened, failed) => {
    const id = nextTx++;
    let decide: (commit: boolean) => void = () => undefined;
    const decided = new Promise<boolean>((resolve) => (decide = resolve));
    const ended = db
      .transaction(async (tx) => {
        transactions.set(id, { tx, finish: decide, ended });
        opened(id);
        if (!(await decided)) throw ROLLBACK;
      })
      .then(
        () => undefined,
        (err: unknown) => {
          if (err !== ROLLBACK) throw err;
        },
      )
      .finally(() => transactions.delete(id));
    // A transaction that could not start (a closed database) fails the begin; a failed commit is
    // answered to the commit message instead.
    ended.catch(failed);
  });
}

function transaction(id: number | undefined): OpenTransaction | undefined {
  if (id === undefined) return undefined;
  const open = transactions.get(id);
  if (!open) throw new Error('The transaction has already ended.');
  return open;
}

async function handle(db: PGlite, message: WorkerRequest): Promise<WorkerReply> {
  switch (message.op) {
    case 'query': {
      const on = transaction(message.tx)?.tx ?? db;
      return { id: message.id, ok: true, rows: (await on.query(message.text, message.params as unknown[])).rows };
    }
    case 'exec': {
      await (transaction(message.tx)?.tx ?? db).exec(message.text);
      return { id: message.id, ok: true };
    }
    case 'begin':
      return { id: message.id, ok: true, tx: await begin(db) };
    case 'commit':
    case 'rollback': {
      const open = transaction(message.tx);
      if (!open) throw new Error('No transaction given.');
      open.finish(message.op === 'commit');
      await open.ended;
      return { id: message.id, ok: true };
    }
    case 'close':
      await db.close();
      return { id: message.id, ok: true };
  }
}

async function main() {
  let db: PGlite;
  try {
    db = await PGlite.create({
      ...(options.pgdata ? { dataDir: options.pgdata } : {}),
      ...(options.template ? { loadDataDir: new Blob([options.template]) } : {}),
      parsers: PGLITE_PARSERS,
    });
  } catch (err) {
    port.postMessage({ ready: false, error: serializeError(err) } satisfies WorkerReady);
    return;
  }
  port.on('message', (message: WorkerRequest) => {
    handle(db, message).then(reply, (err: unknown) => reply({ id: message.id, ok: false, error: serializeError(err) }));
  });
  port.postMessage({ ready: true } satisfies WorkerReady);
}

void main();
