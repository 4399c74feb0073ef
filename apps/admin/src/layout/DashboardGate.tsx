import { loginPathFor, routeFor } from '@chairline/auth-provider';
import { isBarber, type SessionUser } from '@chairline/shared';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Spinner } from '../common/Spinner';
import { authProvider } from '../providers';
import { SessionContext } from './session';
import { ADMIN_PATHS } from '@chairline/shared/routes';

type GateState = { kind: 'loading' } | { kind: 'anonymous' } | { kind: 'signed-in'; user: SessionUser };

/**
 * Which part of the back office a signed-in user gets: the whole back office (admin and manager),
 * the barber's workspace (any other role), or only the subscription screen while the
 * subscription is not active.
 */
export type DashboardArea = 'shell' | 'barber-workspace' | 'subscription';

export interface DashboardGateProps {
  children: (area: DashboardArea, user: SessionUser) => ReactNode;
}

/** The routing rules for /dashboard/*, decided once the session is loaded. */
export function DashboardGate({ children }: DashboardGateProps) {
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
  let area: DashboardArea = 'shell';
  if (!session.user.is_subscription_active) area = 'subscription';
  else if (isBarber(session.user.role)) area = 'barber-workspace';
  return <SessionContext.Provider value={session}>{children(area, session.user)}</SessionContext.Provider>;
}
