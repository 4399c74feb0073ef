import { canAccess, normalizeRole, type Action, isBarber } from '@chairline/shared';
import { ADMIN_ALIASES, ADMIN_PATHS } from '@chairline/shared/routes';

// The sidebar, filtered by the shared access rules.

export interface NavItem {
  label: string;
  to: string;
  /** Other paths that show the same screen and light up this link. */
  aliases?: readonly string[];
  /** Who sees the link; absent = every back-office user (admin and manager). */
  action?: Action;
  group: 'main' | 'settings';
  icon: 'home' | 'barbers' | 'walkins' | 'calendar' | 'services' | 'customers' | 'invoices' | 'billing' | 'team' | 'settings' | 'support';
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Home', to: ADMIN_PATHS.dashboard, group: 'main', icon: 'home' },
  { label: 'Barbers', to: ADMIN_PATHS.barbers, aliases: ADMIN_ALIASES.barbers, group: 'main', icon: 'barbers' },
  { label: 'Walk-ins', to: ADMIN_PATHS.walkins, aliases: ADMIN_ALIASES.walkins, group: 'main', icon: 'walkins' },
  { label: 'Calendar', to: ADMIN_PATHS.calendar, group: 'main', icon: 'calendar' },
  { label: 'Services', to: ADMIN_PATHS.services, group: 'main', icon: 'services' },
  { label: 'Customers', to: ADMIN_PATHS.customers, group: 'main', icon: 'customers' },
  { label: 'Invoices', to: ADMIN_PATHS.invoices, action: 'invoices.all', group: 'main', icon: 'invoices' },
  { label: 'Billing', to: ADMIN_PATHS.billing, action: 'billing', group: 'main', icon: 'billing' },
  { label: 'Team', to: ADMIN_PATHS.team, action: 'team.barbers', group: 'main', icon: 'team' },
  { label: 'Support', to: ADMIN_PATHS.support, group: 'main', icon: 'support' },
  {
    label: 'Settings',
    to: ADMIN_PATHS.settings,
    aliases: ADMIN_ALIASES.settings,
    action: 'settings',
    group: 'settings',
    icon: 'settings',
  },
];

export function navItemsFor(role: string | null | undefined): NavItem[] {
  const staffRole = normalizeRole(role);
  if (isBarber(staffRole)) return [];
  return NAV_ITEMS.filter((item) => canAccess(staffRole, item.action ?? 'back-office'));
}

export function isActive(item: NavItem, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return [item.to, ...(item.aliases ?? [])].some((to) => (to === ADMIN_PATHS.dashboard ? path === to : path === to || path.startsWith(`${to}/`)));
}

export interface UserMenuItem {
  label: string;
  to: string;
  /** Who sees the entry, through the same shared rule as the sidebar and the server. */
  action: Action;
}

export const USER_MENU_ITEMS: readonly UserMenuItem[] = [
  { label: 'My Profile', to: ADMIN_PATHS.profile, action: 'session' },
  { label: 'Subscription', to: ADMIN_PATHS.subscription, action: 'subscription' },
  { label: 'Settings', to: ADMIN_PATHS.settings, action: 'settings' },
];

/** The user menu's entries a role may open: a menu never offers a page that would refuse the role. */
export function userMenuItemsFor(role: string | null | undefined): UserMenuItem[] {
  const staffRole = normalizeRole(role);
  return USER_MENU_ITEMS.filter((item) => canAccess(staffRole, item.action));
}
