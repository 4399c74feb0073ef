/**
 * Messages between the API and the thread that runs the embedded database (pglite-worker.ts).
 * Values cross by structured clone: rows keep their Dates, Uint8Arrays (bytea), parsed JSON and
 * arrays; a Buffer parameter arrives as a Uint8Array, which PGlite stores as the same bytes.
 */
export type WorkerRequest =
  | { id: number; op: 'query'; text: string; params?: readonly unknown[]; tx?: number }
  | { id: number; op: 'exec'; text: string; tx?: number }
  /** Opens a transaction; the answer comes once it holds the database (others wait behind it). */
  | { id: number; op: 'begin' }
  | { id: number; op: 'commit' | 'rollback'; tx: number }
  | { id: number; op: 'close' };

export type WorkerReply =
  | { id: number; ok: true; rows?: unknown[]; tx?: number }
  | { id: number; ok: false; error: SerializedError };

/** What the thread says once the database is open (or could not be). */
export type WorkerReady = { ready: true } | { ready: false; error: SerializedError };

/** The options the thread starts with (workerData). */
export interface WorkerOptions {
  /** The PGlite folder (`<data folder>/pgdata`); undefined keeps the database in memory. */
  pgdata?: string;
  /** A data folder tarball (PGlite's `dumpDataDir`) to start from instead of an empty database. */
  template?: Uint8Array;
}

/**
 * The fields of a PostgreSQL error that callers read (`code` such as 23505, `constraint`, `detail`)
 * and the rest PGlite reports; structured clone would keep only name and message of an Error.
 */
const ERROR_FIELDS = [
  'code',
  'severity',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
] as const;

export interface SerializedError {
  name: string;
  message: string;
  fields: Partial<Record<(typeof ERROR_FIELDS)[number], string>>;
}

export function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), fields: {} };
  const source = err as Error & Record<string, unknown>;
  const fields: SerializedError['fields'] = {};
  for (const key of ERROR_FIELDS) {
    const value = source[key];
    if (typeof value === 'string') fields[key] = value;
  }
  return { name: err.name, message: err.message, fields };
}

/** An error thrown by the embedded database, with the same fields as PGlite's and pg's own. */
export class EmbeddedDatabaseError extends Error {
  code?: string;
  severity?: string;
  detail?: string;
  hint?: string;
  constraint?: string;
  table?: string;
  column?: string;
  schema?: string;

  constructor(serialized: SerializedError) {
    super(serialized.message);
    this.name = serialized.name;
    Object.assign(this, serialized.fields);
  }
}
