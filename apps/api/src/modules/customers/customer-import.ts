import {
  CUSTOMER_IMPORT_LIMITS,
  CUSTOMER_IMPORT_MESSAGES as M,
  customerInput,
  normalizePhone,
  type CustomerImportResult,
  type CustomerImportRowError,
} from '@chairline/shared';
import { CsvError, parse } from 'csv-parse/sync';
import type { Database, Sql } from '../../db/database.js';
import { badRequest, payloadTooLarge } from '../../http/errors.js';
import { shopCountry } from './customer-phone.js';
import {
  customersWithPhones,
  insertImportedCustomers,
  oldestContactlessCustomersNamed,
  oldestCustomersWithEmails,
  updateImportedCustomers,
  type ImportMatch,
} from './customers-repository.js';

// Customer import from a CSV file. Columns are found by their header (the names our export writes
// and the usual spellings of other systems). Every row is checked on its own: a bad row is reported
// with its spreadsheet row number and left out, the good rows go in together in one transaction.
// Rows are one customer when their phone (E.164 in the shop's country) is the same, or, for rows
// without a phone, their email, or, for rows with neither, their name. Merging never overwrites: a field is filled only where it is blank,
// so what the shop already has wins and importing the same file twice changes nothing.

type Field = 'name' | 'first' | 'last' | 'phone' | 'email' | 'notes';

/** Header spellings, compared lowercased with everything but letters and digits removed. */
const HEADERS: Record<Field, readonly string[]> = {
  name: ['name', 'fullname', 'customer', 'customername', 'client', 'clientname', 'displayname', 'contactname'],
  first: ['firstname', 'givenname', 'first'],
  last: ['lastname', 'surname', 'familyname', 'last'],
  phone: ['phone', 'phonenumber', 'phoneno', 'mobile', 'mobilephone', 'mobilenumber', 'cell', 'cellphone', 'cellnumber', 'telephone', 'tel', 'primaryphone', 'contactnumber'],
  email: ['email', 'emailaddress', 'mail'],
  notes: ['notes', 'note', 'comments', 'comment', 'memo', 'customernotes', 'clientnotes'],
};
const FIELD_OF = new Map<string, Field>(
  (Object.entries(HEADERS) as [Field, readonly string[]][]).flatMap(([field, names]) => names.map((n) => [n, field] as const)),
);
const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A spreadsheet saved in Europe separates with ';', some exports with tabs: the header row tells. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
  const count = (d: string) => firstLine.split(d).length - 1;
  return [',', ';', '\t'].reduce((best, d) => (count(d) > count(best) ? d : best), ',');
}

/** A value quoted back in a row's message, cut short so a stray paragraph stays readable. */
const quoted = (value: string) => (value.length > 40 ? `${value.slice(0, 39)}…` : value);

/** Our export defuses cells a spreadsheet would run as a formula with a leading '; it comes off again here. */
const undefused = (value: string) => (/^'[=@+\-\t\r]/.test(value) ? value.slice(1) : value);

interface GoodRow {
  row: number;
  name: string;
  phone: string | null;
  email: string;
  notes: string;
}

interface ReadFile {
  rows: number;
  good: GoodRow[];
  errors: CustomerImportRowError[];
  ignoredColumns: string[];
}

function readRecords(text: string): string[][] {
  try {
    return parse(text, {
      bom: true,
      delimiter: delimiterOf(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      relax_quotes: true,
      // Blank lines stay, so row numbers are the spreadsheet's; the size limit bounds the work.
      skip_empty_lines: false,
    }) as string[][];
  } catch (err) {
    if (err instanceof CsvError) throw badRequest(M.unreadable((err as CsvError & { lines?: number }).lines ?? 1));
    throw err;
  }
}

/** Reads and checks every row of the file; the file itself being unusable is a 400 or 413. */
export function readCustomerFile(text: string, country: string): ReadFile {
  if (Buffer.byteLength(text, 'utf8') > CUSTOMER_IMPORT_LIMITS.maxBytes) throw payloadTooLarge(M.tooLarge);
  const records = readRecords(text);
  const blank = (r: readonly string[]) => r.every((v) => v.trim() === '');
  const headerAt = records.findIndex((r) => !blank(r));
  if (headerAt < 0) throw badRequest(M.empty);
  const header = records[headerAt] ?? [];
  const columns = new Map<Field, number>();
  const ignoredColumns: string[] = [];
  header.forEach((h, i) => {
    const field = FIELD_OF.get(headerKey(h));
    if (field && !columns.has(field)) columns.set(field, i);
    else if (h.trim()) ignoredColumns.push(h.trim());
  });
  if (!columns.has('name') && !columns.has('first') && !columns.has('last')) throw badRequest(M.noNameColumn);

  const good: GoodRow[] = [];
  const errors: CustomerImportRowError[] = [];
  let rows = 0;
  records.forEach((record, index) => {
    if (index <= headerAt || blank(record)) return;
    rows += 1;
    if (rows > CUSTOMER_IMPORT_LIMITS.maxRows) throw payloadTooLarge(M.tooManyRows);
    const row = index + 1; // as a spreadsheet counts: the first line is row 1
    const cell = (field: Field) => {
      const at = columns.get(field);
      return at === undefined ? '' : undefused((record[at] ?? '').replace(/\r\n?/g, '\n').trim());
    };
    const name = cell('name') || [cell('first'), cell('last')].filter(Boolean).join(' ');
    const input = { name, phone: cell('phone'), email: cell('email'), notes: cell('notes') };
    const checked = customerInput.safeParse(input);
    if (!checked.success) {
      const field = checked.error.issues[0]?.path[0];
      const message =
        field === 'phone'
          ? M.invalidPhone(quoted(input.phone))
          : field === 'email'
            ? M.invalidEmail(quoted(input.email))
            : field === 'notes'
              ? M.notesTooLong
              : input.name
                ? M.nameTooLong
                : M.nameMissing;
      errors.push({ row, message });
      return;
    }
    const phone = checked.data.phone ? normalizePhone(checked.data.phone, country) : null;
    if (checked.data.phone && !phone) {
      errors.push({ row, message: M.invalidPhone(quoted(input.phone)) });
      return;
    }
    good.push({ row, name: checked.data.name, phone, email: checked.data.email, notes: checked.data.notes });
  });
  if (rows === 0) throw badRequest(M.noRows);
  return { rows, good, errors, ignoredColumns };
}

/** One customer of the file: its rows folded together, first non-blank value of each field wins. */
interface FileCustomer {
  /** Its first row in the file: new customers are created in the file's order. */
  row: number;
  name: string;
  phone: string | null;
  email: string;
  notes: string;
}

const fill = <T extends Omit<FileCustomer, 'row'>>(into: T, from: Omit<FileCustomer, 'row'>): T => {
  into.name ||= from.name;
  into.phone ||= from.phone;
  into.email ||= from.email;
  into.notes ||= from.notes;
  return into;
};

/** Folds rows with the same phone, then rows without a phone onto the row with their email, then rows with neither by name. */
function foldRows(good: readonly GoodRow[]): { customers: FileCustomer[]; duplicates: number } {
  const byPhone = new Map<string, FileCustomer>();
  const byEmail = new Map<string, FileCustomer>();
  const customers: FileCustomer[] = [];
  let duplicates = 0;
  const add = (c: FileCustomer) => {
    customers.push(c);
    if (c.phone) byPhone.set(c.phone, c);
    if (c.email && !byEmail.has(c.email)) byEmail.set(c.email, c);
  };
  for (const r of good.filter((g) => g.phone)) {
    const same = byPhone.get(r.phone ?? '');
    if (same) {
      duplicates += 1;
      fill(same, r);
      if (r.email && !byEmail.has(r.email)) byEmail.set(r.email, same);
    } else add({ ...r });
  }
  for (const r of good.filter((g) => !g.phone && g.email)) {
    const same = byEmail.get(r.email);
    if (same) {
      duplicates += 1;
      fill(same, r);
    } else add({ ...r });
  }
  // With neither phone nor email, the name is all there is to know a customer by.
  const byName = new Map<string, FileCustomer>();
  for (const r of good.filter((g) => !g.phone && !g.email)) {
    const same = byName.get(r.name.toLowerCase());
    if (same) {
      duplicates += 1;
      fill(same, r);
    } else {
      const c = { ...r };
      customers.push(c);
      byName.set(r.name.toLowerCase(), c);
    }
  }
  return { customers: customers.sort((a, b) => a.row - b.row), duplicates };
}

type Existing = ImportMatch;

interface Plan {
  create: FileCustomer[];
  update: { id: number; name: string; email: string | null; notes: string }[];
  unchanged: number;
}

/** What the file does to the shop's customers: two reads, however long the file. */
async function planImport(sql: Sql, shopId: number, customers: readonly FileCustomer[]): Promise<Plan> {
  const phones = customers.flatMap((c) => (c.phone ? [c.phone] : []));
  const emails = customers.flatMap((c) => (!c.phone && c.email ? [c.email] : []));
  const byPhone = new Map<string, Existing>();
  const byEmail = new Map<string, Existing>();
  if (phones.length > 0) {
    const rows = await customersWithPhones(sql, shopId, phones);
    for (const r of rows) if (r.phone) byPhone.set(r.phone, r);
  }
  if (emails.length > 0) {
    // Without a phone, a row is the shop's oldest customer with that email.
    const rows = await oldestCustomersWithEmails(sql, shopId, emails);
    for (const r of rows) byEmail.set(r.key, r);
  }
  const names = customers.flatMap((c) => (!c.phone && !c.email ? [c.name.toLowerCase()] : []));
  const byName = new Map<string, Existing>();
  if (names.length > 0) {
    // With neither phone nor email, a row is the shop's oldest customer of that name who has neither.
    const rows = await oldestContactlessCustomersNamed(sql, shopId, names);
    for (const r of rows) byName.set(r.key, r);
  }
  const plan: Plan = { create: [], update: [], unchanged: 0 };
  // Two customers of the file can reach one existing customer (one by its phone, one by its email).
  const matched = new Map<number, { found: Existing; next: FileCustomer }>();
  for (const c of customers) {
    const found = c.phone ? byPhone.get(c.phone) : c.email ? byEmail.get(c.email) : byName.get(c.name.toLowerCase());
    if (!found) plan.create.push(c);
    else {
      const seen = matched.get(found.id);
      if (seen) fill(seen.next, c);
      else matched.set(found.id, { found, next: { ...c } });
    }
  }
  for (const { found, next } of matched.values()) {
    const merged = { id: found.id, name: found.name || next.name, email: found.email || next.email || null, notes: found.notes || next.notes };
    if (merged.name === found.name && merged.email === found.email && merged.notes === found.notes) plan.unchanged += 1;
    else plan.update.push(merged);
  }
  return plan;
}

/** Writes the plan with one statement for the new customers and one for the updated ones. */
async function applyPlan(tx: Sql, shopId: number, plan: Plan): Promise<void> {
  if (plan.create.length > 0) {
    // A customer who checks in with one of these phones while the file is read is merged the same
    // way (blanks filled) instead of failing the import on the unique phone.
    await insertImportedCustomers(tx, shopId, plan.create.map((c) => ({ name: c.name, phone: c.phone, email: c.email || null, notes: c.notes })));
  }
  if (plan.update.length > 0) {
    await updateImportedCustomers(tx, shopId, plan.update);
  }
}

/** Previews (dryRun) or imports a CSV file of customers into one shop. */
export async function importCustomers(db: Database, shopId: number, text: string, dryRun: boolean): Promise<CustomerImportResult> {
  const file = readCustomerFile(text, await shopCountry(db, shopId));
  const { customers, duplicates } = foldRows(file.good);
  const plan = dryRun
    ? await planImport(db, shopId, customers)
    : await db.transaction(async (tx) => {
        const p = await planImport(tx, shopId, customers);
        await applyPlan(tx, shopId, p);
        return p;
      });
  return {
    dry_run: dryRun,
    rows: file.rows,
    created: plan.create.length,
    updated: plan.update.length,
    unchanged: plan.unchanged,
    duplicates_in_file: duplicates,
    errors: file.errors,
    ignored_columns: file.ignoredColumns,
  };
}
