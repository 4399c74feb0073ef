import { CUSTOMER_IMPORT_LIMITS, CUSTOMER_IMPORT_MESSAGES } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, checkIn, makeShop, type TestShop, type TestUser } from './support/factories.js';

let t: TestApp;
let shop: TestShop;
let other: TestShop;
beforeAll(async () => {
  t = await startTestApp();
  [shop, other] = [await makeShop(t.app, t.db), await makeShop(t.app, t.db)];
});
afterAll(() => t.close());

const importCsv = (csv: string, dry_run: boolean, user: TestUser = shop.admin) =>
  t.app.inject({ method: 'POST', url: '/api/customers/import/', headers: bearer(user), payload: { csv, dry_run } });

const customersOf = async (shopId: number) =>
  t.db.query<{ name: string; phone: string | null; email: string | null; notes: string }>(
    'SELECT name, phone, email, notes FROM customers WHERE shop_id = $1 ORDER BY id',
    [shopId],
  );

const addCustomer = (s: TestShop, payload: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/customers/', headers: bearer(s.admin), payload });

describe('customer import', () => {
  it('previews without writing, then imports the good rows; phones in any spelling are one customer', async () => {
    await addCustomer(shop, { name: 'Existing Eve', phone: '+1 718 555 0101', email: '', notes: 'Likes a skin fade' });
    await addCustomer(other, { name: 'Not Yours', phone: '+1 718 555 0102', email: 'other@example.test', notes: '' });
    const csv = [
      '\uFEFFName,Phone,Email,Visits,Notes',
      'Eve From File,(718) 555-0101,eve@example.test,4,"Overwrites nothing"', // existing: email filled, name and notes kept
      'Adam New,7185550102,adam@example.test,0,"Line one\r\nline two, with a comma"', // same phone as the other shop's customer: new here
      'Adam Again,+1 718-555-0102,,,"Also ""quoted"""', // same phone as the row above, other spelling: folded
      'No Phone,,nophone@example.test,,',
      ',7185550103,,,', // no name
      'Bad Phone,call me,,,',
      `Bad Email,7185550104,not-an-email${'x'.repeat(100)},,`,
      '',
      'Carla Clean,0017185550105,,,',
    ].join('\r\n');

    const preview = await importCsv(csv, true);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().response).toEqual({
      dry_run: true,
      rows: 8,
      created: 3,
      updated: 1,
      unchanged: 0,
      duplicates_in_file: 1,
      errors: [
        // Row numbers as the spreadsheet shows them: the header is row 1; a quoted line break stays in its row.
        { row: 6, message: CUSTOMER_IMPORT_MESSAGES.nameMissing },
        { row: 7, message: CUSTOMER_IMPORT_MESSAGES.invalidPhone('call me') },
        { row: 8, message: CUSTOMER_IMPORT_MESSAGES.invalidEmail(`not-an-email${'x'.repeat(27)}…`) },
      ],
      ignored_columns: ['Visits'],
    });
    expect(await customersOf(shop.shopId)).toHaveLength(1);

    const done = await importCsv(csv, false);
    expect(done.statusCode).toBe(200);
    expect(done.json().response).toMatchObject({ dry_run: false, created: 3, updated: 1, unchanged: 0, duplicates_in_file: 1 });
    expect(await customersOf(shop.shopId)).toEqual([
      { name: 'Existing Eve', phone: '+17185550101', email: 'eve@example.test', notes: 'Likes a skin fade' },
      { name: 'Adam New', phone: '+17185550102', email: 'adam@example.test', notes: 'Line one\nline two, with a comma' },
      { name: 'No Phone', phone: null, email: 'nophone@example.test', notes: '' },
      { name: 'Carla Clean', phone: '+17185550105', email: null, notes: '' },
    ]);
    // Another shop's customer with the same phone is untouched.
    expect(await customersOf(other.shopId)).toEqual([
      { name: 'Not Yours', phone: '+17185550102', email: 'other@example.test', notes: '' },
    ]);

    // The same file again changes nothing.
    const again = await importCsv(csv, false);
    expect(again.json().response).toMatchObject({ created: 0, updated: 0, unchanged: 4 });
    expect(await customersOf(shop.shopId)).toHaveLength(4);
  });

  it('re-imports its own export, and reads semicolons, first and last name columns and other header spellings', async () => {
    const s = await makeShop(t.app, t.db);
    await addCustomer(s, { name: '=cmd', phone: '+1 212 555 0110', email: 'a@example.test', notes: 'n' });
    const exported = await t.app.inject({ method: 'GET', url: '/api/customers/export/', headers: bearer(s.admin) });
    await t.db.query('DELETE FROM customers WHERE shop_id = $1', [s.shopId]);
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/customers/import/',
      headers: bearer(s.admin),
      payload: { csv: exported.body, dry_run: false },
    });
    expect(back.json().response).toMatchObject({ created: 1, errors: [] });
    expect(await customersOf(s.shopId)).toEqual([{ name: '=cmd', phone: '+12125550110', email: 'a@example.test', notes: 'n' }]);

    const other = await t.app.inject({
      method: 'POST',
      url: '/api/customers/import/',
      headers: bearer(s.admin),
      payload: { csv: 'First Name;Last Name;Mobile Number;E-mail Address\nDana;Diaz;212.555.0111;DANA@Example.test\n', dry_run: false },
    });
    expect(other.json().response).toMatchObject({ created: 1, errors: [] });
    expect((await customersOf(s.shopId))[1]).toEqual({ name: 'Dana Diaz', phone: '+12125550111', email: 'dana@example.test', notes: '' });
  });

  it("reads local numbers in the shop's country, and a later check-in in another spelling is the imported customer", async () => {
    const s = await makeShop(t.app, t.db);
    await t.db.query("UPDATE shops SET country = 'GB' WHERE id = $1", [s.shopId]);
    await addCustomer(s, { name: 'Has Phone', phone: '07700 900001', email: '', notes: '' });
    const csv = [
      'Name,Phone,Email,Notes',
      'Gemma Local,07700 900123,gemma@example.test,',
      'Gemma Dup,+44 7700 900123,,Short back and sides', // the same customer: notes filled from the later row
      'By Email,,HAS@example.test,',
      'Email Only,,lone@example.test,first',
      'Email Again,,LONE@example.test,second', // folded onto the row above by its email
    ].join('\n');
    const res = await importCsv(csv, false, s.admin);
    expect(res.json().response).toMatchObject({ rows: 5, created: 3, updated: 0, unchanged: 0, duplicates_in_file: 2, errors: [] });
    expect(await customersOf(s.shopId)).toEqual([
      { name: 'Has Phone', phone: '+447700900001', email: null, notes: '' },
      { name: 'Gemma Local', phone: '+447700900123', email: 'gemma@example.test', notes: 'Short back and sides' },
      { name: 'By Email', phone: null, email: 'has@example.test', notes: '' },
      { name: 'Email Only', phone: null, email: 'lone@example.test', notes: 'first' },
    ]);
    // A customer without a phone is found again by email; existing details are never overwritten.
    const again = await importCsv('Name,Email,Notes\nOther Name,has@example.test,new note\n', false, s.admin);
    expect(again.json().response).toMatchObject({ created: 0, updated: 1 });
    expect((await customersOf(s.shopId))[2]).toEqual({ name: 'By Email', phone: null, email: 'has@example.test', notes: 'new note' });

    // With neither phone nor email, a row is known by its name (among customers who have neither).
    const nameOnly = 'Name\nWalk-in Wally\nwalk-in wally\nGemma Local\n';
    expect((await importCsv(nameOnly, false, s.admin)).json().response).toMatchObject({ created: 2, duplicates_in_file: 1 });
    expect((await importCsv(nameOnly, false, s.admin)).json().response).toMatchObject({ created: 0, unchanged: 2 });
    expect((await customersOf(s.shopId)).map((c) => c.name)).toEqual(['Has Phone', 'Gemma Local', 'By Email', 'Email Only', 'Walk-in Wally', 'Gemma Local']);

    expect((await checkIn(t.app, s.username, { name: 'Gemma', phone_number: '+44 (0)7700 900123' })).statusCode).toBe(200);
    const [ticket] = await t.db.query<{ customer: string }>(
      'SELECT c.name AS customer FROM walkin_tickets w JOIN customers c ON c.id = w.customer_id WHERE w.shop_id = $1',
      [s.shopId],
    );
    expect(ticket?.customer).toBe('Gemma Local');
  });

  it('is for managers and admins only', async () => {
    const manager = await shop.addMember('manager');
    const barber = await shop.addMember('employee');
    expect((await importCsv('Name\nM', true, manager)).statusCode).toBe(200);
    expect((await importCsv('Name\nB', true, barber)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/customers/import/', payload: { csv: 'Name\nX', dry_run: true } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses an unusable file with a message, never a 500', async () => {
    const cases: [string, number, string][] = [
      ['', 400, CUSTOMER_IMPORT_MESSAGES.empty],
      ['\r\n\r\n', 400, CUSTOMER_IMPORT_MESSAGES.empty],
      ['Phone,Email\n7185550101,a@b.test\n', 400, CUSTOMER_IMPORT_MESSAGES.noNameColumn],
      ['Name,Phone\n', 400, CUSTOMER_IMPORT_MESSAGES.noRows],
      ['Name,Phone\n"Open quote,7185550101\n', 400, CUSTOMER_IMPORT_MESSAGES.unreadable(2)],
    ];
    for (const [csv, status, message] of cases) {
      const res = await importCsv(csv, true);
      expect({ csv, status: res.statusCode, body: res.json() }).toEqual({ csv, status, body: { status: 0, response: message } });
    }
    const missing = await t.app.inject({ method: 'POST', url: '/api/customers/import/', headers: bearer(shop.admin), payload: { dry_run: true } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().response).toBe('Please choose a CSV file to import.');
  });

  it('refuses files over the row and size limits with 413, writing nothing', async () => {
    const s = await makeShop(t.app, t.db);
    const rows = Array.from({ length: CUSTOMER_IMPORT_LIMITS.maxRows + 1 }, (_, i) => `Person ${i}`);
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/api/customers/import/',
      headers: bearer(s.admin),
      payload: { csv: ['Name', ...rows].join('\n'), dry_run: false },
    });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().response).toBe(CUSTOMER_IMPORT_MESSAGES.tooManyRows);
    // Blank lines are not customers: the limit itself, spread out with them, is fine.
    const spread = ['Name', ...rows.slice(1).flatMap((r) => [r, ''])].join('\n');
    const atLimit = await t.app.inject({
      method: 'POST',
      url: '/api/customers/import/',
      headers: bearer(s.admin),
      payload: { csv: spread, dry_run: true },
    });
    expect(atLimit.json().response).toMatchObject({ rows: CUSTOMER_IMPORT_LIMITS.maxRows, created: CUSTOMER_IMPORT_LIMITS.maxRows });
    const big = `Name,Notes\n${'x,'.padEnd(CUSTOMER_IMPORT_LIMITS.maxBytes + 10, 'y')}\n`;
    const tooLarge = await t.app.inject({ method: 'POST', url: '/api/customers/import/', headers: bearer(s.admin), payload: { csv: big, dry_run: false } });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().response).toBe(CUSTOMER_IMPORT_MESSAGES.tooLarge);
    expect(await customersOf(s.shopId)).toEqual([]);
  });

  it('imports 1,000 rows in one go', async () => {
    const s = await makeShop(t.app, t.db);
    const rows = Array.from({ length: 1000 }, (_, i) => `Client ${i},+1 646 555 ${String(1000 + i).padStart(4, '0')},c${i}@example.test,`);
    const res = await importCsv(['Name,Phone,Email,Notes', ...rows].join('\n'), false, s.admin);
    expect(res.json().response).toMatchObject({ rows: 1000, created: 1000, errors: [] });
    expect(await customersOf(s.shopId)).toHaveLength(1000);
  });
});
