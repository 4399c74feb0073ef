import { describe, expect, it } from 'vitest';
import { afterLoginPath, afterLogoutPath, dashboardFor, routeFor } from '../src/routing.js';

const active = { role: 'admin' as const, is_subscription_active: true };
const inactive = { role: 'admin' as const, is_subscription_active: false };

describe('routing rules', () => {
  it('an affiliate holding an access token on a dashboard path goes to the affiliate dashboard', () => {
    expect(routeFor('/dashboard', { authenticated: true, affiliateFlag: true })).toBe('/affiliate/marketing/dashboard');
    expect(routeFor('/dashboard/team', { authenticated: true, affiliateFlag: true })).toBe('/affiliate/marketing/dashboard');
  });

  it('an unauthenticated user on a dashboard path gets the login screen, the affiliate variant when the flag is stored', () => {
    expect(routeFor('/dashboard', { authenticated: false, affiliateFlag: false })).toBe('/login');
    expect(routeFor('/dashboard/customers/', { authenticated: false, affiliateFlag: false })).toBe('/login');
    expect(routeFor('/dashboard', { authenticated: false, affiliateFlag: true })).toBe('/affiliate/marketing');
  });

  it('a user whose subscription is not active gets the subscription screen (and may stay there)', () => {
    expect(routeFor('/dashboard/team', { authenticated: true, affiliateFlag: false, user: inactive })).toBe('/dashboard/settings/subscription');
    expect(routeFor('/dashboard/settings/subscription', { authenticated: true, affiliateFlag: false, user: inactive })).toBeNull();
    expect(routeFor('/dashboard/team', { authenticated: true, affiliateFlag: false, user: active })).toBeNull();
  });

  it('an authenticated visitor on a sign-in page goes to their dashboard', () => {
    expect(routeFor('/login', { authenticated: true, affiliateFlag: false })).toBe('/dashboard');
    expect(routeFor('/signup', { authenticated: true, affiliateFlag: false })).toBe('/dashboard');
    expect(routeFor('/affiliate/marketing', { authenticated: true, affiliateFlag: true })).toBe('/affiliate/marketing/dashboard');
    expect(routeFor('/login', { authenticated: false, affiliateFlag: false })).toBeNull();
    expect(routeFor('/logout/', { authenticated: true, affiliateFlag: false })).toBeNull();
    expect(routeFor('/shop/demo', { authenticated: true, affiliateFlag: false })).toBeNull();
  });

  it('the affiliate area needs an affiliate session', () => {
    expect(routeFor('/affiliate/marketing/dashboard/payouts', { authenticated: false, affiliateFlag: true })).toBe('/affiliate/marketing');
    expect(routeFor('/affiliate/marketing/dashboard', { authenticated: true, affiliateFlag: false })).toBe('/dashboard');
    expect(routeFor('/affiliate/marketing/dashboard', { authenticated: true, affiliateFlag: true })).toBeNull();
  });

  it('after login a normal user goes to /dashboard and an affiliate to /affiliate/marketing/dashboard; after logout to /login or /affiliate/marketing', () => {
    expect(afterLoginPath(false)).toBe('/dashboard');
    expect(afterLoginPath(true)).toBe('/affiliate/marketing/dashboard');
    expect(afterLogoutPath(false)).toBe('/login');
    expect(afterLogoutPath(true)).toBe('/affiliate/marketing');
  });

  it('admin and manager get the shell; any other role the employee dashboard', () => {
    expect(dashboardFor('admin')).toBe('shell');
    expect(dashboardFor('manager')).toBe('shell');
    expect(dashboardFor('employee')).toBe('employee');
    expect(dashboardFor('barber')).toBe('employee');
    expect(dashboardFor(undefined)).toBe('employee');
  });
});
