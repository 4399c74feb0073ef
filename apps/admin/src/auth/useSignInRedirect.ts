import { routeFor } from '@chairline/auth-provider';
import { useLocation } from 'react-router-dom';
import { authProvider } from '../providers';

/** Spec §2: an authenticated visitor on a sign-in page belongs in their dashboard. */
export function useSignInRedirect(): string | null {
  const { pathname } = useLocation();
  return routeFor(pathname, { authenticated: authProvider.isAuthenticated(), affiliateFlag: authProvider.hasAffiliateFlag() });
}
