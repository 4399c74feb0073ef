import { describe, expect, it } from 'vitest';
import { capitalise, replyError, roleForSave, saveFailure, saveOutcome, splitTeam } from './team-rules';

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
