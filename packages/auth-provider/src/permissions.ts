import { canAccess, normalizeRole, type Action, type Role } from '@chairline/shared';

/** Which shared access action guards each react-admin resource. */
export const RESOURCE_ACTIONS: Record<string, Action> = {
  dashboard: 'session',
  profile: 'session',
  'my-invoices': 'invoices.own',
  walkins: 'queue.own',
  appointments: 'queue.own',
  calendar: 'queue.own',
  customers: 'back-office',
  services: 'back-office',
  barbers: 'back-office',
  employees: 'back-office',
  rotation: 'queue',
  team: 'team.barbers',
  managers: 'team.managers',
  invoices: 'invoices.all',
  commissions: 'invoices.all',
  stats: 'stats',
  support: 'back-office',
  billing: 'billing',
  settings: 'settings',
  subscription: 'subscription',
  affiliate: 'affiliate',
};

export function roleOf(role: string | null | undefined, affiliate: boolean): Role {
  if (affiliate) return 'affiliate';
  if (role === null || role === undefined) return 'visitor';
  return normalizeRole(role);
}

/** react-admin's canAccess({ action, resource }) through the one shared rule. Unknown resources are back office. */
export function canAccessResource(role: Role, resource: string): boolean {
  return canAccess(role, RESOURCE_ACTIONS[resource] ?? 'back-office');
}
