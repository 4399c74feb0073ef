// A tiny reply-shape checker for the islands: the API's replies are checked before a page uses
// them, without shipping zod to the browser. The shared zod schemas stay the source of the types:
// each shape below is declared as a `Check<T>` of the schema's inferred type, so a field added to
// or changed in the contract fails the type check until the shape follows it.

export type Check<T> = (value: unknown) => value is T;

export const isString: Check<string> = (v): v is string => typeof v === 'string';
export const isNumber: Check<number> = (v): v is number => typeof v === 'number' && Number.isFinite(v);
export const isInteger: Check<number> = (v): v is number => Number.isInteger(v);
export const isBoolean: Check<boolean> = (v): v is boolean => typeof v === 'boolean';

export const literal =
  <const T extends string | number>(expected: T): Check<T> =>
  (v): v is T =>
    v === expected;

export const oneOf =
  <const T extends string>(values: readonly T[]): Check<T> =>
  (v): v is T =>
    typeof v === 'string' && (values as readonly string[]).includes(v);

export const nullable =
  <T>(check: Check<T>): Check<T | null> =>
  (v): v is T | null =>
    v === null || check(v);

export const optional =
  <T>(check: Check<T>): Check<T | undefined> =>
  (v): v is T | undefined =>
    v === undefined || check(v);

export const arrayOf =
  <T>(check: Check<T>): Check<T[]> =>
  (v): v is T[] =>
    Array.isArray(v) && v.every((item) => check(item));

/** An object whose every declared field passes its check (other fields are let through). */
export const objectOf =
  <T extends object>(fields: { [K in keyof T]-?: Check<T[K]> }): Check<T> =>
  (v): v is T => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
    const record = v as Record<string, unknown>;
    return Object.entries(fields).every(([key, check]) => (check as Check<unknown>)(record[key]));
  };
