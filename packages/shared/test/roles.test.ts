import { describe, expect, it } from 'vitest';
import { ACTIONS, BARBER_ROLE, canAccess, isBarber, normalizeRole, ROLES, type Action, type Role } from '../src/roles.js';

// The table of who may do what, written out so a change to the rules is a deliberate change here too.
const EXPECTED: Record<Action, Role[]> = {
  public: ['visitor', 'employee', 'manager', 'admin', 'affiliate'],
  session: ['employee', 'manager', 'admin'],
  'invoices.own': ['employee', 'manager', 'admin'],
  'queue.own': ['employee', 'manager', 'admin'],
  queue: ['manager', 'admin'],
  'back-office': ['manager', 'admin'],
  'team.barbers': ['manager', 'admin'],
  'team.managers': ['admin'],
  stats: ['manager', 'admin'],
  'invoices.all': ['manager', 'admin'],
  billing: ['admin'],
  settings: ['admin'],
  subscription: ['admin'],
  affiliate: ['affiliate'],
  // Operators are checked against OPERATOR_EMAILS by the server, never admitted by a role.
  operator: [],
};

describe('canAccess', () => {
  it('covers every action, and nothing more', () => {
    expect(Object.keys(ACTIONS).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [action, allowed] of Object.entries(EXPECTED) as [Action, Role[]][]) {
    it(`${action}: ${allowed.join(', ')}`, () => {
      for (const role of ROLES) expect(canAccess(role, action), `${role} → ${action}`).toBe(allowed.includes(role));
    });
  }
});

describe('normalizeRole', () => {
  it('treats any role other than admin or manager as employee', () => {
    expect(normalizeRole('admin')).toBe('admin');
    expect(normalizeRole('manager')).toBe('manager');
    expect(normalizeRole('barber')).toBe('employee');
    expect(normalizeRole(undefined)).toBe('employee');
  });
});

describe('isBarber', () => {
  it('is true for the stored barber role and any role other than admin or manager', () => {
    expect(BARBER_ROLE).toBe('employee');
    for (const role of ['employee', 'barber', 'stylist', null, undefined]) expect(isBarber(role)).toBe(true);
    for (const role of ['admin', 'manager']) expect(isBarber(role)).toBe(false);
  });
});
