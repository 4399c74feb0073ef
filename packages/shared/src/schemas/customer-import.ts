import { z } from 'zod';

/**
 * Customer import from a CSV file (POST /customers/import/): the same call previews (dry_run) and
 * imports. The file's text is sent as is; the server reads it, so row numbers are the same in the
 * preview, the import and the shop's spreadsheet (the header is row 1).
 */
export const CUSTOMER_IMPORT_LIMITS = {
  /** Customer rows in one file (blank lines not counted). */
  maxRows: 5000,
  /** Size of the file's text in bytes (UTF-8). */
  maxBytes: 2 * 1024 * 1024,
} as const;

export const CUSTOMER_IMPORT_MESSAGES = {
  tooManyRows: `The file has more than ${CUSTOMER_IMPORT_LIMITS.maxRows.toLocaleString('en-US')} customers. Split it into smaller files and import them one after another.`,
  tooLarge: `The file is larger than ${CUSTOMER_IMPORT_LIMITS.maxBytes / (1024 * 1024)} MB. Split it into smaller files and import them one after another.`,
  empty: 'The file is empty. Choose a CSV file with a header row (Name, Phone, Email, Notes) and one customer per row.',
  noNameColumn:
    'The file has no Name column. The first row must name the columns, for example: Name, Phone, Email, Notes (or First name and Last name).',
  noRows: 'The file has a header row but no customers.',
  unreadable: (line: number) => `The file is not a valid CSV file (near line ${line}): check that every quoted value has its closing quote.`,
  nameMissing: 'The name is missing.',
  nameTooLong: 'The name is longer than 120 characters.',
  invalidPhone: (value: string) => `"${value}" is not a phone number.`,
  invalidEmail: (value: string) => `"${value}" is not an email address.`,
  notesTooLong: 'The notes are longer than 2,000 characters.',
} as const;

export const customerImportInput = z.object({
  csv: z.string({ error: 'Please choose a CSV file to import.' }),
  dry_run: z.boolean({ error: 'dry_run must be true (preview) or false (import).' }),
});
export type CustomerImportInput = z.infer<typeof customerImportInput>;

export const customerImportRowError = z.object({
  /** The row in the spreadsheet: the header is row 1, the first customer row 2. */
  row: z.number().int(),
  message: z.string(),
});
export type CustomerImportRowError = z.infer<typeof customerImportRowError>;

export const customerImportResult = z.object({
  /** true: nothing was written (preview). */
  dry_run: z.boolean(),
  /** Customer rows read (blank lines not counted). */
  rows: z.number().int(),
  /** New customers (created, or to create in a preview). */
  created: z.number().int(),
  /** Existing customers whose blank fields the file fills in. */
  updated: z.number().int(),
  /** Existing customers the file names with nothing new. */
  unchanged: z.number().int(),
  /** Good rows folded into an earlier row of the file with the same phone (without one: email; without both: name). */
  duplicates_in_file: z.number().int(),
  /** Rows left out, each with why; the other rows are imported. */
  errors: z.array(customerImportRowError),
  /** Headers of the file that are not imported (visits, spend... are worked out from the shop's own records). */
  ignored_columns: z.array(z.string()),
});
export type CustomerImportResult = z.infer<typeof customerImportResult>;
