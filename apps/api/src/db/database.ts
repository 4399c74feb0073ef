/** A row as the database returns it; repositories narrow it to their own types. */
export type Row = Record<string, unknown>;

/** Anything that runs SQL: the database itself or an open transaction. */
export interface Sql {
  query<T = Row>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements, without parameters (migrations). */
  exec(script: string): Promise<void>;
}

export interface Database extends Sql {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function one<T = Row>(sql: Sql, text: string, params?: readonly unknown[]): Promise<T | undefined> {
  const rows = await sql.query<T>(text, params);
  return rows[0];
}

/** Answers when the database does (the health check). */
export async function ping(sql: Sql): Promise<void> {
  await sql.query('SELECT 1');
}
