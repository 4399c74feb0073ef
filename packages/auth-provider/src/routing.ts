import { isBarber, type SessionUser } from '@chairline/shared';
import { ADMIN_PATHS } from '@chairline/shared/routes';

// The routing rules as pure functions, so every rule is unit-tested and the app's
// router only asks "where should this visitor be?".

export const PATHS = {
  home: '/',
  login: ADMIN_PATHS.login,
  signup: ADMIN_PATHS.signup,
  logout: `${ADMIN_PATHS.logout}/`,
  dashboard: ADMIN_PATHS.dashboard,
  subscription: ADMIN_PATHS.subscription,
  affiliateLogin: ADMIN_PATHS.affiliateLogin,
  affiliateSignup: ADMIN_PATHS.affiliateSignup,
  affiliateDashboard: ADMIN_PATHS.affiliateDashboard,
} as const;

export interface RouteSession {
  /** An access token is stored. */
  authenticated: boolean;
  /** The affiliate flag is stored as the string 'true'. */
  affiliateFlag: boolean;
  /** The loaded session user (shop users); null while unknown or for affiliates. */
  user?: Pick<SessionUser, 'role' | 'is_subscription_active'> | null;
}

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

export const isDashboardPath = (path: string) => under(trim(path), PATHS.dashboard);
export const isAffiliateAreaPath = (path: string) => under(trim(path), PATHS.affiliateDashboard);
export const isShopPath = (path: string) => /^\/(shop|store)(\/|$)/.test(path);
/** Sign-in pages: an authenticated visitor there belongs in their dashboard. */
export const isSignInPath = (path: string) => {
  const p = trim(path);
  return (
    p === PATHS.login ||
    p === PATHS.signup ||
    p === ADMIN_PATHS.forgotPassword ||
    under(p, ADMIN_PATHS.resetPassword) ||
    p === PATHS.affiliateLogin ||
    p === PATHS.affiliateSignup
  );
};

export const isAffiliate = (s: Pick<RouteSession, 'authenticated' | 'affiliateFlag'>) => s.authenticated && s.affiliateFlag;

export const loginPathFor = (affiliateFlag: boolean) => (affiliateFlag ? PATHS.affiliateLogin : PATHS.login);
export const afterLoginPath = (affiliate: boolean) => (affiliate ? PATHS.affiliateDashboard : PATHS.dashboard);
export const afterLogoutPath = (affiliate: boolean) => (affiliate ? PATHS.affiliateLogin : PATHS.login);

/** Which dashboard a shop user gets: the shell for admin and manager, the employee dashboard otherwise. */
export const dashboardFor = (role: string | null | undefined): 'shell' | 'employee' =>
  isBarber(role) ? 'employee' : 'shell';

/**
 * Where the visitor must go instead of `path`, or null when `path` is right for them.
 * A login "screen" on a dashboard path is a redirect to the login route for that variant.
 */
export function routeFor(path: string, session: RouteSession): string | null {
  const p = trim(path);
  const affiliate = isAffiliate(session);

  if (isDashboardPath(p)) {
    if (affiliate) return PATHS.affiliateDashboard;
    if (!session.authenticated) return loginPathFor(session.affiliateFlag);
    if (session.user && !session.user.is_subscription_active && p !== PATHS.subscription) return PATHS.subscription;
    return null;
  }

  if (isAffiliateAreaPath(p)) {
    if (!session.authenticated) return PATHS.affiliateLogin;
    if (!affiliate) return PATHS.dashboard;
    return null;
  }

  if (session.authenticated && isSignInPath(p) && !isShopPath(p)) return afterLoginPath(affiliate);
  return null;
}
