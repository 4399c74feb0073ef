import { HttpError } from 'ra-core';
import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../src/data-provider.js';
import { createHttpClient } from '../src/http-client.js';
import { fakeFetch } from './fake-fetch.js';

function provider(...answers: Parameters<typeof fakeFetch>) {
  const { fetch, sent } = fakeFetch(...answers);
  const http = createHttpClient({ baseUrl: 'http://host.test/api', fetch, timeZone: 'Europe/Paris', getAccessToken: async () => 'T' });
  return { dp: createDataProvider(http), sent };
}

const params = (sent: { url: URL }) => Object.fromEntries(sent.url.searchParams);

describe('getList', () => {
  it('server-paged resources send page, page_size, ordering, search and filters, and map {response,total}', async () => {
    const { dp, sent } = provider({ body: { status: 1, response: [{ id: 1, name: 'Ann' }], total: 41 } });
    const result = await dp.getList('customers', {
      pagination: { page: 3, perPage: 10 },
      sort: { field: 'name', order: 'DESC' },
      filter: { q: ' ann ', tag: 'vip' },
    });
    expect(sent[0]!.url.pathname).toBe('/api/customers/');
    expect(params(sent[0]!)).toEqual({ page: '3', page_size: '10', ordering: '-name', search: 'ann', tag: 'vip', timezone: 'Europe/Paris' });
    expect(sent[0]!.headers.Authorization).toBe('Bearer T');
    expect(result).toEqual({ data: [{ id: 1, name: 'Ann' }], total: 41 });
  });

  it('does not send a sort field the server cannot order by (react-admin defaults to id)', async () => {
    const { dp, sent } = provider({ body: { status: 1, response: [], total: 0 } });
    await dp.getList('customers', { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(sent[0]!.url.searchParams.has('ordering')).toBe(false);
    await dp.getList('walkins', { pagination: { page: 1, perPage: 25 }, sort: { field: 'checked_in_at', order: 'ASC' }, filter: { status: ['waiting', 'called'] } });
    expect(params(sent[1]!)).toMatchObject({ ordering: 'checked_in_at', status: 'waiting,called' });
  });

  it('a page longer than the server answers (an export) is read as consecutive server pages', async () => {
    const rows = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ id: from + i }));
    const { dp, sent } = provider(
      { body: { status: 1, response: rows(1, 100), total: 230 } },
      { body: { status: 1, response: rows(101, 100), total: 230 } },
      { body: { status: 1, response: rows(201, 30), total: 230 } },
    );
    const result = await dp.getList('walkins', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'checked_in_at', order: 'DESC' }, filter: { status: 'done' } });
    expect(sent.map((s) => params(s))).toEqual(
      [1, 2, 3].map((page) => ({ page: String(page), page_size: '100', ordering: '-checked_in_at', status: 'done', timezone: 'Europe/Paris' })),
    );
    expect(result.total).toBe(230);
    expect(result.data.map((r) => r.id)).toEqual(rows(1, 230).map((r) => r.id));
  });

  it('invoices pass the back-office totals through meta', async () => {
    const { dp } = provider({ body: { status: 1, response: [{ id: 9 }], total: 1, totals: { paid: 10 } } });
    const result = await dp.getList('invoices', { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: { status: 'paid' } });
    expect(result).toEqual({ data: [{ id: 9 }], total: 1, meta: { totals: { paid: 10 } } });
  });

  it('invoices take no ordering, and a page longer than the server sends (CSV export) is read in pages of 100', async () => {
    const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: from + i }));
    const { dp, sent } = provider(
      { body: { status: 1, response: rows(1, 100), total: 230, totals: { paid: 1 } } },
      { body: { status: 1, response: rows(101, 100), total: 230, totals: { paid: 1 } } },
      { body: { status: 1, response: rows(201, 30), total: 230, totals: { paid: 1 } } },
    );
    const result = await dp.getList('invoices', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'created_at', order: 'DESC' }, filter: { status: 'paid' } });
    expect(sent.map((s) => params(s))).toEqual([1, 2, 3].map((page) => ({ status: 'paid', page: String(page), page_size: '100', timezone: 'Europe/Paris' })));
    expect(result.data.map((r) => r.id)).toEqual(rows(1, 230).map((r) => r.id));
    expect(result).toMatchObject({ total: 230, meta: { totals: { paid: 1 } } });
  });

  it('the team is split by tab here: a manager who cuts hair is in both tabs', async () => {
    const team = [
      { id: 1, role: 'admin', cuts_hair: true },
      { id: 2, role: 'manager', cuts_hair: false },
      { id: 3, role: 'employee', cuts_hair: true },
    ];
    const { dp, sent } = provider({ body: { status: 1, response: team } });
    const list = (tab: string) => dp.getList('team', { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: { tab } });
    expect((await list('barbers')).data.map((m) => m.id)).toEqual([1, 3]);
    expect((await list('managers')).data.map((m) => m.id)).toEqual([1, 2]);
    expect(sent[0]!.url.searchParams.has('tab')).toBe(false);
  });

  it('bare-array endpoints (services) are filtered, sorted and paginated here', async () => {
    const services = [
      { id: 1, name: 'Fade', archived: false },
      { id: 2, name: 'Beard trim', archived: false },
      { id: 3, name: 'Buzz', archived: true },
    ];
    const { dp, sent } = provider({ body: services });
    const result = await dp.getList('services', { pagination: { page: 1, perPage: 1 }, sort: { field: 'name', order: 'ASC' }, filter: { archived: false } });
    expect(sent[0]!.url.searchParams.has('page')).toBe(false);
    expect(result).toEqual({ data: [{ id: 2, name: 'Beard trim', archived: false }], total: 2 });
  });

  it("an error reply throws react-admin's HttpError with the server's message and status", async () => {
    const { dp } = provider({ status: 400, body: { status: 0, response: 'ordering must be one of: name' } });
    const error = await dp.getList('customers', { pagination: { page: 1, perPage: 5 }, sort: { field: 'name', order: 'ASC' }, filter: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ message: 'ordering must be one of: name', status: 400 });
  });

  it('a 2xx envelope with status 0 is an error too', async () => {
    const { dp } = provider({ body: { status: 0, response: 'Nope' } });
    await expect(dp.getList('walkins', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {} })).rejects.toThrow('Nope');
  });

  it('a network failure rejects', async () => {
    const { dp } = provider(new TypeError('Failed to fetch'));
    await expect(dp.getList('customers', { pagination: { page: 1, perPage: 5 }, sort: { field: 'name', order: 'ASC' }, filter: {} })).rejects.toThrow(
      'No response received from server',
    );
  });
});

describe('one record and writes', () => {
  it('getOne reads {id}/ and unwraps the envelope', async () => {
    const { dp, sent } = provider({ body: { status: 1, response: { id: 5, name: 'Ann' } } });
    expect(await dp.getOne('customers', { id: 5 })).toEqual({ data: { id: 5, name: 'Ann' } });
    expect(sent[0]!.url.pathname).toBe('/api/customers/5/');
  });

  it('team members have no one-record endpoint: getOne reads the list; a missing id is a 404', async () => {
    const { dp, sent } = provider({ body: { status: 1, response: [{ id: 1 }, { id: 2, name: 'Jay' }] } });
    expect(await dp.getOne('team', { id: '2' })).toEqual({ data: { id: 2, name: 'Jay' } });
    expect(sent[0]!.url.pathname).toBe('/api/team/team-members/');
    await expect(dp.getOne('team', { id: 99 })).rejects.toMatchObject({ status: 404 });
  });

  it('create posts JSON and returns the created record', async () => {
    const { dp, sent } = provider({ body: { status: 1, response: { id: 12, name: 'Fade', price: 25 } } });
    const result = await dp.create('services', { data: { name: 'Fade', price: 25 } });
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.url.pathname).toBe('/api/services/');
    expect(JSON.parse(String(sent[0]!.body))).toEqual({ name: 'Fade', price: 25 });
    expect(result.data).toEqual({ id: 12, name: 'Fade', price: 25 });
  });

  it('team create and update are multipart to /barbers/ with the photo as a file', async () => {
    const { dp, sent } = provider({ body: { status: 1, response: 'Barber added successfully!' } });
    const photo = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });
    await dp.create('team', { data: { name: 'Jay', new_employee: false, percentage: 40, profile_pic: { rawFile: photo, src: 'blob:x' } } });
    const form = sent[0]!.body as FormData;
    expect(sent[0]!.url.pathname).toBe('/api/barbers/');
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('name')).toBe('Jay');
    expect(form.get('new_employee')).toBe('false');
    expect(form.get('percentage')).toBe('40');
    expect((form.get('profile_pic') as File).name).toBe('me.png');
    expect(sent[0]!.headers['Content-Type']).toBeUndefined();

    const updated = await dp.update('team', { id: 4, data: { name: 'Jay B' }, previousData: { id: 4, name: 'Jay' } });
    expect(sent[1]!.method).toBe('PUT');
    expect(sent[1]!.url.pathname).toBe('/api/barbers/4/');
    expect(updated.data).toEqual({ id: 4, name: 'Jay B' });
  });

  it('update refused by the server throws its message', async () => {
    const { dp } = provider({ status: 409, body: { status: 0, response: 'This shop username is already taken.' } });
    await expect(dp.update('customers', { id: 1, data: { name: 'x' }, previousData: { id: 1 } })).rejects.toThrow('This shop username is already taken.');
  });

  it('delete uses DELETE {id}/ (team members under /team/team-members/)', async () => {
    const { dp, sent } = provider({ body: { status: 1, response: 'Member removed.' } });
    const result = await dp.delete('team', { id: 8, previousData: { id: 8, name: 'Old' } });
    expect(sent[0]!.method).toBe('DELETE');
    expect(sent[0]!.url.pathname).toBe('/api/team/team-members/8/');
    expect(result.data).toEqual({ id: 8, name: 'Old' });
  });

  it('getMany for a server-paged resource fetches each id', async () => {
    const { dp, sent } = provider({ body: { status: 1, response: { id: 1 } } }, { body: { status: 1, response: { id: 2 } } });
    expect((await dp.getMany('customers', { ids: [1, 2] })).data.map((r) => r.id)).toEqual([1, 2]);
    expect(sent.map((s) => s.url.pathname)).toEqual(['/api/customers/1/', '/api/customers/2/']);
  });

  it('plans are public: no bearer, no timezone', async () => {
    const { dp, sent } = provider({ body: [{ id: 1, name: 'BASIC PLAN' }] });
    await dp.getList('plans', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(sent[0]!.headers.Authorization).toBeUndefined();
    expect(sent[0]!.url.searchParams.has('timezone')).toBe(false);
  });
});

describe('named commands', () => {
  it('walk-in actions post to /walkins/{id}/{action}/ with the barber when given', async () => {
    const { dp, sent } = provider({ body: { status: 1, response: { id: 3, status: 'called' } } });
    expect(await dp.callNext(4)).toEqual({ id: 3, status: 'called' });
    await dp.callTicket(3);
    await dp.startService(3, 4);
    await dp.completeService(3);
    await dp.markNoShow(3);
    await dp.cancelWalkin(3);
    expect(sent.map((s) => `${s.method} ${s.url.pathname} ${String(s.body)}`)).toEqual([
      'POST /api/walkins/call-next/ {"barber_id":4}',
      'POST /api/walkins/3/call/ {}',
      'POST /api/walkins/3/start/ {"barber_id":4}',
      'POST /api/walkins/3/complete/ {}',
      'POST /api/walkins/3/no-show/ {}',
      'POST /api/walkins/3/cancel/ {}',
    ]);
  });

  it('rotation and team commands', async () => {
    const { dp, sent } = provider({ body: { status: 1, response: 'ok' } });
    await dp.reorderRotation([3, 1, 2], 'late');
    await dp.setBarberStatus(3, 'break', 'lunch');
    await dp.changeMemberPassword(5, 'new-password');
    await dp.deleteTeamMember(5);
    expect(sent.map((s) => `${s.method} ${s.url.pathname} ${String(s.body)}`)).toEqual([
      'POST /api/rotation/reorder/ {"barber_ids":[3,1,2],"reason":"late"}',
      'POST /api/barbers/3/status/ {"status":"break","reason":"lunch"}',
      'POST /api/team/update-team-member-password/ {"id":5,"password":"new-password"}',
      'DELETE /api/team/team-members/5/ undefined',
    ]);
  });

  it("commands throw an Error with the server's message", async () => {
    const { dp } = provider({ status: 409, body: { status: 0, response: 'No customer is waiting for this barber.' } });
    await expect(dp.callNext()).rejects.toThrow('No customer is waiting for this barber.');
  });

  it('envelope commands (PIN, profile) return {status, response} even for a refused request', async () => {
    const { dp, sent } = provider({ status: 400, body: { status: 0, response: 'Wrong PIN.' } });
    expect(await dp.verifyPin('1234')).toEqual({ status: 0, response: 'Wrong PIN.' });
    expect(JSON.parse(String(sent[0]!.body))).toEqual({ pin: '1234' });
    const form = new FormData();
    form.append('name', '');
    expect(await dp.updateBarberProfile(form)).toEqual({ status: 0, response: 'Wrong PIN.' });
    expect(sent[1]!.url.pathname).toBe('/api/update-barber-profile/');
    expect(sent[1]!.body).toBe(form);
  });
});
