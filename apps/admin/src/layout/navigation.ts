import { canAccess, normalizeRole, type Action } from '@chairline/shared';

// The sidebar, filtered by the shared access rules.

export interface NavItem {
  label: string;
  to: string;
  /** Other paths that show the same screen and light up this link. */
  aliases?: string[];
  /** Who sees the link; absent = every back-office user (admin and manager). */
  action?: Action;
  group: 'main' | 'settings';
  icon: 'home' | 'barbers' | 'walkins' | 'calendar' | 'services' | 'customers' | 'invoices' | 'billing' | 'team' | 'settings' | 'support';
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Home', to: '/dashboard', group: 'main', icon: 'home' },
  { label: 'Barbers', to: '/dashboard/employees', aliases: ['/dashboard/barbers'], group: 'main', icon: 'barbers' },
  { label: 'Walk-ins', to: '/dashboard/walkin-management', aliases: ['/dashboard/appointments'], group: 'main', icon: 'walkins' },
  { label: 'Calendar', to: '/dashboard/calendar', group: 'main', icon: 'calendar' },
  { label: 'Services', to: '/dashboard/services', group: 'main', icon: 'services' },
  { label: 'Customers', to: '/dashboard/customers', group: 'main', icon: 'customers' },
  { label: 'Invoices', to: '/dashboard/invoices', action: 'invoices.all', group: 'main', icon: 'invoices' },
  { label: 'Billing', to: '/dashboard/billing', action: 'billing', group: 'main', icon: 'billing' },
  { label: 'Team', to: '/dashboard/team', action: 'team.barbers', group: 'main', icon: 'team' },
  { label: 'Support', to: '/dashboard/support', group: 'main', icon: 'support' },
  {
    label: 'Settings',
    to: '/dashboard/settings/settings',
    aliases: ['/dashboard/settings/shop', '/dashboard/settings/store'],
    action: 'settings',
    group: 'settings',
    icon: 'settings',
  },
];

export function navItemsFor(role: string | null | undefined): NavItem[] {
  const staffRole = normalizeRole(role);
  if (staffRole === 'employee') return [];
  return NAV_ITEMS.filter((item) => canAccess(staffRole, item.action ?? 'back-office'));
}

export function isActive(item: NavItem, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return [item.to, ...(item.aliases ?? [])].some((to) => (to === '/dashboard' ? path === to : path === to || path.startsWith(`${to}/`)));
}

export interface UserMenuItem {
  label: string;
  to: string;
  /** Who sees the entry, through the same shared rule as the sidebar and the server. */
  action: Action;
}

export const USER_MENU_ITEMS: readonly UserMenuItem[] = [
  { label: 'My Profile', to: '/dashboard/profile', action: 'session' },
  { label: 'Subscription', to: '/dashboard/settings/subscription', action: 'subscription' },
  { label: 'Settings', to: '/dashboard/settings/settings', action: 'settings' },
];

/** The user menu's entries a role may open: a menu never offers a page that would refuse the role. */
export function userMenuItemsFor(role: string | null | undefined): UserMenuItem[] {
  const staffRole = normalizeRole(role);
  return USER_MENU_ITEMS.filter((item) => canAccess(staffRole, item.action));
}
