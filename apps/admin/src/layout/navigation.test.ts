import { describe, expect, it } from 'vitest';
import { isActive, navItemsFor, NAV_ITEMS, userMenuItemsFor } from './navigation';

const labels = (role: string) => navItemsFor(role).map((item) => item.label);

describe('sidebar links by role', () => {
  it('gives an admin Billing, Team and Settings plus the common links', () => {
    expect(labels('admin')).toEqual(['Home', 'Barbers', 'Walk-ins', 'Calendar', 'Services', 'Customers', 'Invoices', 'Billing', 'Team', 'Support', 'Settings']);
  });

  it('gives a manager Team but not Billing or Settings', () => {
    const items = labels('manager');
    expect(items).toContain('Team');
    expect(items).not.toContain('Billing');
    expect(items).not.toContain('Settings');
    expect(items).toEqual(['Home', 'Barbers', 'Walk-ins', 'Calendar', 'Services', 'Customers', 'Invoices', 'Team', 'Support']);
  });

  it('gives any other role no back-office links', () => {
    expect(labels('employee')).toEqual([]);
    expect(labels('barber')).toEqual([]);
  });

  it('points at the dashboard routes', () => {
    const to = Object.fromEntries(NAV_ITEMS.map((item) => [item.label, item.to]));
    expect(to).toMatchObject({
      Home: '/dashboard',
      Barbers: '/dashboard/employees',
      'Walk-ins': '/dashboard/walkin-management',
      Customers: '/dashboard/customers',
      Billing: '/dashboard/billing',
      Team: '/dashboard/team',
      Settings: '/dashboard/settings/settings',
      Support: '/dashboard/support',
    });
  });
});

describe('active link', () => {
  const item = (label: string) => NAV_ITEMS.find((i) => i.label === label)!;
  it('lights Home only on /dashboard', () => {
    expect(isActive(item('Home'), '/dashboard')).toBe(true);
    expect(isActive(item('Home'), '/dashboard/')).toBe(true);
    expect(isActive(item('Home'), '/dashboard/team')).toBe(false);
  });
  it('lights a link on its aliases', () => {
    expect(isActive(item('Walk-ins'), '/dashboard/appointments/4/edit')).toBe(true);
    expect(isActive(item('Barbers'), '/dashboard/barbers')).toBe(true);
    expect(isActive(item('Settings'), '/dashboard/settings/store')).toBe(true);
    expect(isActive(item('Settings'), '/dashboard/settings/subscription')).toBe(false);
  });
});

describe('user menu entries by role', () => {
  const menu = (role: string) => userMenuItemsFor(role).map((item) => item.label);
  it('gives an admin Profile, Subscription and Settings', () => {
    expect(menu('admin')).toEqual(['My Profile', 'Subscription', 'Settings']);
  });
  it('gives a manager only the pages a manager may open', () => {
    expect(menu('manager')).toEqual(['My Profile']);
  });
});
