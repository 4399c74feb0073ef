import { types } from '@electric-sql/pglite';

/** Parse int8 and numeric as numbers, as the PostgreSQL driver does (postgres.ts). */
export const PGLITE_PARSERS = {
  [types.INT8]: (v: string) => Number(v),
  [types.NUMERIC]: (v: string) => Number(v),
};
