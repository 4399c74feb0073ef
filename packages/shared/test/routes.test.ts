import { describe, expect, it } from 'vitest';
import { ADMIN_ALIASES, ADMIN_PATHS, ADMIN_ROOTS, appointmentEditPath, dashboardRoute } from '../src/routes.js';

describe('the back office URL map', () => {
  it('names the first segment of every back-office URL, so the server answers each with the back office', () => {
    expect([...ADMIN_ROOTS].sort()).toEqual(['/affiliate', '/dashboard', '/forgot-password', '/login', '/logout', '/reset-password', '/signup']);
    for (const path of [...Object.values(ADMIN_PATHS), ...Object.values(ADMIN_ALIASES).flat()]) {
      expect(ADMIN_ROOTS.some((root) => path === root || path.startsWith(`${root}/`))).toBe(true);
    }
  });

  it('keeps the addresses people have bookmarked and printed', () => {
    expect(ADMIN_PATHS.barbers).toBe('/dashboard/employees');
    expect(ADMIN_ALIASES.barbers).toEqual(['/dashboard/barbers']);
    expect(ADMIN_PATHS.walkins).toBe('/dashboard/walkin-management');
    expect(ADMIN_PATHS.settings).toBe('/dashboard/settings/settings');
    expect(ADMIN_ALIASES.settings).toEqual(['/dashboard/settings/shop', '/dashboard/settings/store']);
    expect(ADMIN_PATHS.subscription).toBe('/dashboard/settings/subscription');
    expect(appointmentEditPath(12)).toBe('/dashboard/appointments/12/edit');
  });

  it('gives react-admin its routes relative to the /dashboard basename', () => {
    expect(dashboardRoute(ADMIN_PATHS.team)).toBe('/team');
    expect(dashboardRoute(ADMIN_PATHS.dashboard)).toBe('/');
    expect(dashboardRoute(appointmentEditPath(':id'))).toBe('/appointments/:id/edit');
    expect(() => dashboardRoute(ADMIN_PATHS.login)).toThrow('/login is not under /dashboard');
  });
});
