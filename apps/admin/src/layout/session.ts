import type { SessionUser } from '@chairline/shared';
import { createContext, useContext } from 'react';

export interface SessionState {
  user: SessionUser;
  /** Reloads the session user (usage, plan) from GET /api/auth/get-user-data/. */
  reload: () => Promise<void>;
}

export const SessionContext = createContext<SessionState | null>(null);

/** The signed-in user of the dashboard; only valid below the DashboardGate. */
export function useSession(): SessionState {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() must be used below <DashboardGate>');
  return session;
}
