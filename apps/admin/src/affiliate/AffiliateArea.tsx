import { routeFor } from '@chairline/auth-provider';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { AuthTheme } from '../auth/AuthTheme';
import { authProvider } from '../providers';
import { AffiliateLayout } from './AffiliateLayout';
import { AffiliateComingSoon, AffiliateDashboard, AffiliateProfilePage } from './AffiliatePages';
import { useAffiliateProfile } from './useAffiliateProfile';

function Pages() {
  const profile = useAffiliateProfile();
  return (
    <AffiliateLayout profile={profile}>
      <Routes>
        <Route index element={<AffiliateDashboard state={profile} />} />
        <Route path="profile" element={<AffiliateProfilePage state={profile} />} />
        <Route path="analytics" element={<AffiliateComingSoon title="Analytics" text="Clicks, sign-ups and conversions from your referral link will show here." />} />
        <Route path="payouts" element={<AffiliateComingSoon title="Payouts" text="Your earned commissions and payout history will show here." />} />
        <Route path="*" element={<Navigate to="/affiliate/marketing/dashboard" replace />} />
      </Routes>
    </AffiliateLayout>
  );
}

/** /affiliate/marketing/dashboard/*: affiliates only (spec §2). */
export function AffiliateArea() {
  const { pathname } = useLocation();
  const redirect = routeFor(pathname, { authenticated: authProvider.isAuthenticated(), affiliateFlag: authProvider.hasAffiliateFlag() });
  if (redirect) return <Navigate to={redirect} replace />;
  return (
    <AuthTheme>
      <Pages />
    </AuthTheme>
  );
}
