import { describe, expect, it } from 'vitest';
import { capitalise, replyError, replyOf, roleForSave, rowActions, saveFailure, saveOutcome, splitTeam } from './team-rules';

describe('team lists', () => {
  it('puts admins and managers in the manager list and everyone else in the barber list', () => {
    const members = [
      { id: 1, role: 'admin' as const },
      { id: 2, role: 'manager' as const },
      { id: 3, role: 'employee' as const },
    ];
    const { managers, barbers } = splitTeam(members);
    expect(managers.map((m) => m.id)).toEqual([1, 2]);
    expect(barbers.map((m) => m.id)).toEqual([3]);
  });

  it('also counts an owner or manager who cuts hair among the barbers', () => {
    const members = [
      { id: 1, role: 'admin' as const, cuts_hair: true },
      { id: 2, role: 'manager' as const, cuts_hair: false },
      { id: 3, role: 'employee' as const, cuts_hair: true },
    ];
    const { managers, barbers } = splitTeam(members);
    expect(managers.map((m) => m.id)).toEqual([1, 2]);
    expect(barbers.map((m) => m.id)).toEqual([1, 3]);
  });

  it('capitalises the role badge', () => {
    expect(capitalise('manager')).toBe('Manager');
    expect(capitalise('employee')).toBe('Employee');
  });
});

describe('role on save', () => {
  it('makes barbers-tab members employees whatever the form says', () => {
    expect(roleForSave('barbers', 'admin')).toBe('employee');
  });
  it('uses the form role in the managers tab, manager by default', () => {
    expect(roleForSave('managers', 'admin')).toBe('admin');
    expect(roleForSave('managers', '')).toBe('manager');
    expect(roleForSave('managers', undefined)).toBe('manager');
  });
});

describe('save outcome', () => {
  it('succeeds on status 1 with the add or update message', () => {
    expect(saveOutcome({ status: 200, body: { status: 1, response: {} } }, false)).toEqual({ ok: true, message: 'Barber added successfully!' });
    expect(saveOutcome({ status: 200, body: { status: 1, response: {} } }, true)).toEqual({ ok: true, message: 'Barber updated successfully!' });
  });
  it('shows the response text when the status is not 1', () => {
    expect(saveOutcome({ status: 200, body: { status: 0, response: 'Nope.' } }, false)).toEqual({ ok: false, message: 'Nope.' });
  });
  it('shows Error with the response, else the detail, else the status code', () => {
    expect(saveOutcome({ status: 403, body: { status: 0, response: 'Your plan allows 2 barbers.' } }, false)).toEqual({
      ok: false,
      title: 'Error',
      message: 'Your plan allows 2 barbers.',
    });
    expect(saveOutcome({ status: 401, body: { detail: 'Token expired.' } }, false).message).toBe('Token expired.');
    expect(saveOutcome({ status: 502, body: '<html>' }, false).message).toBe('Request failed with status code 502');
  });
  it('reports a missing reply and other errors', () => {
    const network = new Error('x');
    network.name = 'NetworkError';
    expect(saveFailure(network).message).toBe('No response received from server');
    expect(saveFailure(new Error('Boom')).message).toBe('Boom');
  });
});

describe('list, delete and password replies', () => {
  it('is null on success and the server text on failure', () => {
    expect(replyError({ status: 200, body: { status: 1, response: 'ok' } })).toBeNull();
    expect(replyError({ status: 404, body: { status: 0, response: 'This team member does not exist.' } })).toBe('This team member does not exist.');
    expect(replyError({ status: 200, body: { status: 0, response: 'Refused.' } })).toBe('Refused.');
  });
});

describe('the success message of adding a member', () => {
  it("keeps 'Barber added successfully!' and says the invitation went to the member's email", () => {
    expect(saveOutcome({ status: 200, body: { status: 1, response: { uemail: 'new@shop.test' } } }, false)).toEqual({
      ok: true,
      message: 'Barber added successfully! We emailed new@shop.test an invitation to sign in.',
    });
  });
});

describe('row actions by viewer (what the server accepts)', () => {
  const owner = { role: 'admin' as const, uemail: 'owner@shop.test', is_owner: true };
  const admin = { role: 'admin' as const, uemail: 'admin2@shop.test', is_owner: false };
  const manager = { role: 'manager' as const, uemail: 'manager@shop.test', is_owner: false };
  const barber = { role: 'employee' as const, uemail: 'barber@shop.test', is_owner: false };
  const none = { edit: false, password: false, remove: false };
  const all = { edit: true, password: true, remove: true };

  it('gives a manager nothing on admin or manager rows, everything on barbers', () => {
    const viewer = { role: 'manager', email: 'manager@shop.test' };
    expect(rowActions(viewer, owner, 2)).toEqual(none);
    expect(rowActions(viewer, admin, 2)).toEqual(none);
    expect(rowActions(viewer, manager, 2)).toEqual(none);
    expect(rowActions(viewer, barber, 2)).toEqual(all);
  });

  it("lets only the owner edit the owner's row; nobody deletes the owner or themselves", () => {
    expect(rowActions({ role: 'admin', email: 'admin2@shop.test' }, owner, 2)).toEqual(none);
    expect(rowActions({ role: 'admin', email: 'owner@shop.test' }, owner, 2)).toEqual({ edit: true, password: true, remove: false });
    expect(rowActions({ role: 'admin', email: 'admin2@shop.test' }, admin, 2)).toEqual({ edit: true, password: true, remove: false });
    expect(rowActions({ role: 'admin', email: 'owner@shop.test' }, admin, 2)).toEqual(all);
    expect(rowActions({ role: 'admin', email: 'owner@shop.test' }, manager, 2)).toEqual(all);
  });

  it('never offers deleting the only admin', () => {
    expect(rowActions({ role: 'admin', email: 'someone@shop.test' }, admin, 1).remove).toBe(false);
  });
});

describe('replyOf: a data-provider command as the reply the team texts read', () => {
  it('wraps a success in the envelope, turns a refusal into its reply, and lets a lost request reject', async () => {
    expect(await replyOf(Promise.resolve([{ id: 1 }]))).toEqual({ status: 200, body: { status: 1, response: [{ id: 1 }] } });
    const refused = Object.assign(new Error('Your plan allows 2 barbers.'), { status: 403, body: { status: 0, response: 'Your plan allows 2 barbers.' } });
    const reply = await replyOf(Promise.reject(refused));
    expect(reply).toEqual({ status: 403, body: { status: 0, response: 'Your plan allows 2 barbers.' } });
    expect(saveOutcome(reply, false)).toEqual({ ok: false, title: 'Error', message: 'Your plan allows 2 barbers.' });
    await expect(replyOf(Promise.reject(new TypeError('Failed to fetch')))).rejects.toThrow('Failed to fetch');
  });
});
