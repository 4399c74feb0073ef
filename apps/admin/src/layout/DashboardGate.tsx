import { loginPathFor, routeFor } from '@chairline/auth-provider';
import { normalizeRole, type SessionUser } from '@chairline/shared';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Spinner } from '../common/Spinner';
import { authProvider } from '../providers';
import { SessionContext } from './session';
import { ADMIN_PATHS } from '@chairline/shared/routes';

type GateState = { kind: 'loading' } | { kind: 'anonymous' } | { kind: 'signed-in'; user: SessionUser };

export interface DashboardGateProps {
  /** Any role other than admin or manager. */
  employee: ReactNode;
  /** Subscription not active. */
  subscription: ReactNode;
  /** Admin or manager. */
  shell: ReactNode;
}

/** The routing rules for /dashboard/*, decided once the session is loaded. */
export function DashboardGate({ employee, subscription, shell }: DashboardGateProps) {
  const [state, setState] = useState<GateState>({ kind: 'loading' });
  const { pathname } = useLocation();
  const affiliate = authProvider.isAffiliate();

  const load = useCallback(async (force: boolean) => {
    const user = await authProvider.getSessionUser({ force }).catch(() => null);
    if (user) setState({ kind: 'signed-in', user });
    // A failed refresh while the tokens are still stored (a network blip) keeps the current user.
    else if (!force || !authProvider.isAuthenticated()) setState({ kind: 'anonymous' });
  }, []);

  useEffect(() => {
    if (!affiliate) void load(false);
  }, [affiliate, load]);

  const session = useMemo(
    () => (state.kind === 'signed-in' ? { user: state.user, reload: () => load(true) } : null),
    [state, load],
  );

  if (affiliate) return <Navigate to={routeFor(pathname, { authenticated: true, affiliateFlag: true }) ?? ADMIN_PATHS.affiliateDashboard} replace />;
  if (state.kind === 'loading') return <Spinner fullPage />;
  if (!session) return <Navigate to={loginPathFor(authProvider.hasAffiliateFlag())} replace />;

  const redirect = routeFor(pathname, { authenticated: true, affiliateFlag: false, user: session.user });
  if (redirect) return <Navigate to={redirect} replace />;
  let content: ReactNode = shell;
  if (!session.user.is_subscription_active) content = subscription;
  else if (normalizeRole(session.user.role) === 'employee') content = employee;
  return <SessionContext.Provider value={session}>{content}</SessionContext.Provider>;
}
