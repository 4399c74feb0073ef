import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_IMPORT_MESSAGES, type LoginReply } from '@chairline/shared';
import { api, DEMO, login } from './support/api.js';
import { contextWithSession, launchBrowser, skipMarketingPopup } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

// A shop moving from another system imports its customer list: 1,000 rows of which 10 are bad.
// The preview names exactly those 10 rows; the import then adds the other 990.

let server: RunningServer;
let browser: Browser;
let admin: LoginReply;
let context: BrowserContext;
const folder = mkdtempSync(join(tmpdir(), 'chairline-import-'));

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await login(server.baseUrl, DEMO.admin);
  context = await contextWithSession(browser, server.baseUrl, admin);
  await skipMarketingPopup(context);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  rmSync(folder, { recursive: true, force: true });
});

/** Customer rows 0..999 (spreadsheet rows 2..1001); the rows at `bad` carry one mistake each. */
function customerFile(bad: ReadonlyMap<number, string[]>): string {
  const lines = ['Name,Phone,Email,Notes'];
  for (let i = 0; i < 1000; i += 1) {
    // Phones in the spellings shops really have, all in the fictional 555-01xx.. range of area code 332.
    const digits = `332555${String(i).padStart(4, '0')}`;
    const phone = i % 3 === 0 ? `+1${digits}` : i % 3 === 1 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : digits;
    lines.push((bad.get(i) ?? [`Imported ${i}`, phone, `imported${i}@example.test`, i % 10 === 0 ? '"Prefers mornings, no clippers"' : '']).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

const customerTotal = async () =>
  (await api<{ total: number }>(server.baseUrl, 'GET', '/customers/?page_size=1', { token: admin.access })).body.total;

/** The customers page with the import dialog open and `file` chosen. */
async function openImport(file: string) {
  const page = await context.newPage();
  await page.goto('/dashboard/customers');
  await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Import CSV' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Import customers' });
  await dialog.getByRole('button', { name: 'Choose file' }).waitFor();
  await dialog.locator('input[type="file"]').setInputFiles(file);
  return { page, dialog };
}

describe('customer import', () => {
  it('previews a 1,000-row file with exactly its 10 bad rows, then imports the other 990', async () => {
    const bad = new Map<number, string[]>([
      [4, ['', '3325559004', '', '']],
      [77, ['Bad Phone A', 'call me', '', '']],
      [150, ['Bad Email A', '3325559150', 'nobody-at-example', '']],
      [151, ['Bad Phone B', '12', '', '']],
      [333, ['', '', '', 'no name at all']],
      [500, ['Bad Email B', '3325559500', 'two@@example.test', '']],
      [640, ['Bad Phone C', '332-555-CALL', '', '']],
      [812, ['x'.repeat(121), '3325559812', '', '']],
      [901, ['Bad Phone D', '+', '', '']],
      [999, ['Bad Email C', '3325559999', 'last@', '']],
    ]);
    const expectedRows = [...bad.keys()].map((i) => i + 2);
    const file = join(folder, 'customers.csv');
    writeFileSync(file, `\uFEFF${customerFile(bad)}`);
    const before = await customerTotal();

    const { page, dialog } = await openImport(file);

    await dialog.getByRole('heading', { name: 'Preview of customers.csv' }).waitFor();
    const problems = dialog.getByRole('table', { name: 'Rows with a problem' });
    const rows = await problems.locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '')),
    );
    expect(rows.map(([row]) => Number(row))).toEqual(expectedRows);
    expect(rows[1]?.[1]).toBe(CUSTOMER_IMPORT_MESSAGES.invalidPhone('call me'));
    expect(rows[0]?.[1]).toBe(CUSTOMER_IMPORT_MESSAGES.nameMissing);
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/customer-import-preview.png` });
    const figures = await dialog.getByTestId('import-figures').innerText();
    expect(figures).toContain('1,000 rows read');
    expect(figures).toContain('990 new customers');
    expect(figures).toContain('10 rows with a problem (left out)');
    expect(await customerTotal()).toBe(before);

    await dialog.getByRole('button', { name: 'Import 990 customers' }).click();
    await dialog.getByText('Import finished: 990 new customers, 0 customers updated, 10 rows left out.').waitFor();
    expect(await customerTotal()).toBe(before + 990);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The list shows them, found by a phone spelled another way than in the file.
    await page.getByPlaceholder('Search name, phone or email').fill('(332) 555-0002');
    await page.getByRole('cell', { name: 'Imported 2', exact: true }).waitFor();
  });

  it("reads a file saved by Excel in Windows-1252 with its accents", async () => {
    const file = join(folder, 'excel.csv');
    writeFileSync(file, Buffer.from('Name;Phone;Notes\r\nRenée Café;(332) 555-8888;Crème rinse\r\n', 'latin1'));
    const { page, dialog } = await openImport(file);
    await dialog.getByRole('heading', { name: 'Preview of excel.csv' }).waitFor();
    expect(await dialog.getByTestId('import-figures').innerText()).toContain('1 new customer\n');
    await dialog.getByRole('button', { name: 'Import 1 customer' }).click();
    await dialog.getByText('Import finished: 1 new customer, 0 customers updated.').waitFor();
    const found = await api<{ response: { name: string; phone: string; notes: string }[] }>(server.baseUrl, 'GET', '/customers/?search=3325558888', {
      token: admin.access,
    });
    expect(found.body.response.map(({ name, phone, notes }) => ({ name, phone, notes }))).toEqual([
      { name: 'Renée Café', phone: '+13325558888', notes: 'Crème rinse' },
    ]);
    await page.close();
  });
});
