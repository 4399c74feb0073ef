// The URL map of the back office, in one place: the admin's router, the sign-in rules, the
// sidebar, the screens' links and the server that answers these URLs with the back office's page
// all read it. Old addresses that still work (bookmarks, printed links) are listed as aliases of
// the screen they show.

const DASHBOARD = '/dashboard';

export const ADMIN_PATHS = {
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  logout: '/logout',
  affiliateLogin: '/affiliate/marketing',
  affiliateSignup: '/affiliate/marketing/signup',
  affiliateDashboard: '/affiliate/marketing/dashboard',
  dashboard: DASHBOARD,
  operatorAffiliates: `${DASHBOARD}/operator/affiliates`,
  barbers: `${DASHBOARD}/employees`,
  walkins: `${DASHBOARD}/walkin-management`,
  appointments: `${DASHBOARD}/appointments`,
  newAppointment: `${DASHBOARD}/appointments/create`,
  calendar: `${DASHBOARD}/calendar`,
  services: `${DASHBOARD}/services`,
  newService: `${DASHBOARD}/services/create`,
  customers: `${DASHBOARD}/customers`,
  invoices: `${DASHBOARD}/invoices`,
  commissionSettings: `${DASHBOARD}/invoices/commissions`,
  billing: `${DASHBOARD}/billing`,
  team: `${DASHBOARD}/team`,
  support: `${DASHBOARD}/support`,
  settings: `${DASHBOARD}/settings/settings`,
  shopSettings: `${DASHBOARD}/settings/shop`,
  subscription: `${DASHBOARD}/settings/subscription`,
  profile: `${DASHBOARD}/profile`,
  poster: `${DASHBOARD}/poster`,
} as const;

/** Other addresses of a screen: they show the same screen and light up the same sidebar link. */
export const ADMIN_ALIASES = {
  barbers: [`${DASHBOARD}/barbers`],
  walkins: [ADMIN_PATHS.appointments],
  settings: [ADMIN_PATHS.shopSettings, `${DASHBOARD}/settings/store`],
} as const satisfies Partial<Record<keyof typeof ADMIN_PATHS, readonly string[]>>;

/** The page to edit one appointment. */
export const appointmentEditPath = (id: number | string) => `${ADMIN_PATHS.appointments}/${id}/edit`;

/** A back-office path as react-admin sees it under its `/dashboard` basename ('/dashboard/team' → '/team'). */
export function dashboardRoute(path: string): string {
  if (path !== DASHBOARD && !path.startsWith(`${DASHBOARD}/`)) throw new Error(`${path} is not under ${DASHBOARD}`);
  return path.slice(DASHBOARD.length) || '/';
}

/**
 * The first segment of every back-office URL ('/login', '/dashboard', '/affiliate', …): the server
 * answers a URL under any of them with the back office's page.
 */
export const ADMIN_ROOTS: readonly string[] = [...new Set(Object.values(ADMIN_PATHS).map((path) => `/${path.split('/')[1]}`))];
