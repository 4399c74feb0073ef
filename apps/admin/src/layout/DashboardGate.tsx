import { STORAGE_KEYS, normalizeRole, type SessionUser } from '@chairline/shared';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Spinner } from '../common/Spinner';
import { authProvider } from '../providers';
import { SessionContext } from './session';

type GateState = { kind: 'loading' } | { kind: 'anonymous' } | { kind: 'signed-in'; user: SessionUser };

export interface DashboardGateProps {
  /** Login screen (affiliate variant decided by the login page from the stored flag). */
  login: ReactNode;
  /** Any role other than admin or manager. */
  employee: ReactNode;
  /** Subscription not active. */
  subscription: ReactNode;
  /** Admin or manager. */
  shell: ReactNode;
}

function isAffiliateSession(): boolean {
  return localStorage.getItem(STORAGE_KEYS.affiliate) === 'true' && !!localStorage.getItem(STORAGE_KEYS.accessToken);
}

async function loadUser(): Promise<SessionUser | null> {
  try {
    await authProvider.checkAuth({});
    const identity = await authProvider.getIdentity?.();
    return (identity?.user as SessionUser | undefined) ?? null;
  } catch {
    return null;
  }
}

/** The routing rules of spec §2 for /dashboard/*, decided once the session is loaded. */
export function DashboardGate({ login, employee, subscription, shell }: DashboardGateProps) {
  const [state, setState] = useState<GateState>({ kind: 'loading' });
  const location = useLocation();
  const affiliate = isAffiliateSession();
  const anonymous = state.kind === 'anonymous';

  const reload = useCallback(async () => {
    const user = await loadUser();
    setState(user ? { kind: 'signed-in', user } : { kind: 'anonymous' });
  }, []);

  // Reload on the first visit and, while signed out, on each navigation (a login navigates).
  const navigationKey = anonymous ? location.key : 'signed-in';
  useEffect(() => {
    if (affiliate) return;
    void reload();
  }, [affiliate, reload, navigationKey]);

  const session = useMemo(
    () => (state.kind === 'signed-in' ? { user: state.user, reload } : null),
    [state, reload],
  );

  if (affiliate) return <Navigate to="/affiliate/marketing/dashboard" replace />;
  if (state.kind === 'loading') return <Spinner fullPage />;
  if (state.kind === 'anonymous' || !session) return <>{login}</>;
  const role = normalizeRole(session.user.role);
  let content: ReactNode = shell;
  if (!session.user.is_subscription_active) content = subscription;
  else if (role === 'employee') content = employee;
  return <SessionContext.Provider value={session}>{content}</SessionContext.Provider>;
}
