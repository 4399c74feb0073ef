import { routeFor } from '@chairline/auth-provider';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { AuthTheme } from '../auth/AuthTheme';
import { theme } from '../layout/theme';
import { authProvider } from '../providers';
import { AffiliateAnalyticsPage } from './AffiliateAnalyticsPage';
import { AffiliateLayout } from './AffiliateLayout';
import { AffiliateDashboard } from './AffiliatePages';
import { AffiliatePayoutsPage } from './AffiliatePayoutsPage';
import { AffiliateProfilePage } from './AffiliateProfilePage';
import { useAffiliateProfile } from './useAffiliateProfile';
import { ADMIN_PATHS } from '@chairline/shared/routes';

function Pages() {
  const { state, replace } = useAffiliateProfile();
  return (
    <AffiliateLayout profile={state}>
      <Routes>
        <Route index element={<AffiliateDashboard state={state} />} />
        <Route path="profile" element={<AffiliateProfilePage state={state} onSaved={replace} />} />
        <Route path="analytics" element={<AffiliateAnalyticsPage />} />
        <Route path="payouts" element={<AffiliatePayoutsPage />} />
        <Route path="*" element={<Navigate to={ADMIN_PATHS.affiliateDashboard} replace />} />
      </Routes>
    </AffiliateLayout>
  );
}

/** /affiliate/marketing/dashboard/*: affiliates only. */
export function AffiliateArea() {
  const { pathname } = useLocation();
  const redirect = routeFor(pathname, { authenticated: authProvider.isAuthenticated(), affiliateFlag: authProvider.hasAffiliateFlag() });
  if (redirect) return <Navigate to={redirect} replace />;
  return (
    <AuthTheme theme={theme}>
      <Pages />
    </AuthTheme>
  );
}
