import { routeFor } from '@chairline/auth-provider';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { authProvider } from '../providers';

/**
 * An authenticated visitor on a sign-in page belongs in their dashboard. Decided when the
 * page opens, so signing in on it shows its success message before the page moves on.
 */
export function useSignInRedirect(): string | null {
  const { pathname } = useLocation();
  const [redirect] = useState(() =>
    routeFor(pathname, { authenticated: authProvider.isAuthenticated(), affiliateFlag: authProvider.hasAffiliateFlag() }),
  );
  return redirect;
}
