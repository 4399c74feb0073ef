// Who may do what. One pure function used by the API on every route and by
// the front ends to decide what to show, so the two can never disagree.
export const ROLES = ['visitor', 'employee', 'manager', 'admin', 'affiliate'] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES = ['employee', 'manager', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ACTIONS = {
  /** Public shop pages, check-in, plans, sign-in endpoints. */
  public: ['visitor', 'employee', 'manager', 'admin', 'affiliate'],
  /** Any signed-in shop user: own profile, own session, own turn, PIN. */
  session: ['employee', 'manager', 'admin'],
  /** Own invoices (a barber's), and creating one. */
  'invoices.own': ['employee', 'manager', 'admin'],
  /** Walk-ins, rotation, appointments, customers, services. Barbers see their own tickets only. */
  'queue.own': ['employee', 'manager', 'admin'],
  queue: ['manager', 'admin'],
  'back-office': ['manager', 'admin'],
  /** Team: managers may manage barbers, admins everyone. */
  'team.barbers': ['manager', 'admin'],
  'team.managers': ['admin'],
  stats: ['manager', 'admin'],
  'invoices.all': ['manager', 'admin'],
  billing: ['admin'],
  settings: ['admin'],
  subscription: ['admin'],
  affiliate: ['affiliate'],
  /** Platform operators: no role admits them; the server checks the account against OPERATOR_EMAILS. */
  operator: [],
} as const satisfies Record<string, readonly Role[]>;
export type Action = keyof typeof ACTIONS;

export function canAccess(role: Role, action: Action): boolean {
  return (ACTIONS[action] as readonly Role[]).includes(role);
}

/**
 * A barber: every staff member who is neither admin nor manager. The API contract and the database
 * store this role as `employee`; the code says barber and names the stored value here only.
 */
export const BARBER_ROLE = 'employee' as const satisfies StaffRole;

/** Any role other than admin or manager counts as a barber (an unknown or missing role too). */
export function normalizeRole(role: string | null | undefined): StaffRole {
  return role === 'admin' || role === 'manager' ? role : BARBER_ROLE;
}

/** True for a barber's role (see normalizeRole). */
export const isBarber = (role: string | null | undefined): boolean => normalizeRole(role) === BARBER_ROLE;
