import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import type { LoginPageProps } from './auth/LoginPage';
import { Button, Stack, Typography } from '@mui/material';
import { ADMIN_PATHS } from '@chairline/shared/routes';
import { Spinner } from './common/Spinner';

// The entry holds the router only: every page loads on demand, and the back office (react-admin,
// its layout and screens) is one lazy module, so /login starts without it.
const LoginPage = lazy(() => import('./auth').then((m) => ({ default: m.LoginPage })));
const SignupPage = lazy(() => import('./auth').then((m) => ({ default: m.SignupPage })));
const ForgotPasswordPage = lazy(() => import('./auth').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import('./auth').then((m) => ({ default: m.ResetPasswordPage })));
const LogoutPage = lazy(() => import('./auth').then((m) => ({ default: m.LogoutPage })));
const AffiliateArea = lazy(() => import('./affiliate').then((m) => ({ default: m.AffiliateArea })));
const OperatorAffiliatesPage = lazy(() => import('./operator').then((m) => ({ default: m.OperatorAffiliatesPage })));

/**
 * The back office, loaded on first visit without a Suspense boundary: React holds a resolved
 * boundary back for up to 300 ms (a timer) before showing it, and the shell should appear the
 * moment its code has arrived. If the code cannot be fetched (a deploy replaced it, or the network
 * dropped), a reload fetches the new entry.
 */
function Dashboard() {
  const [Shell, setShell] = useState<ComponentType | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let mounted = true;
    import('./dashboard/DashboardApp').then(
      (m) => mounted && setShell(() => m.Dashboard),
      () => mounted && setFailed(true),
    );
    return () => {
      mounted = false;
    };
  }, []);
  if (failed) return <LoadFailed />;
  return Shell ? <Shell /> : <Spinner fullPage />;
}

function LoadFailed() {
  return (
    <Stack role="alert" sx={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center', gap: 2 }}>
      <Typography>The back office could not be loaded. Check your connection.</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Try Again
      </Button>
    </Stack>
  );
}

export interface AppRoutesProps {
  /**
   * The sign-in page's component when the page's entry already holds it (the prerendered /login
   * page, see login-main.tsx): rendered at once, so hydration never waits for a lazy chunk.
   */
  loginPage?: ComponentType<LoginPageProps>;
}

/** Every route of the back office, under whichever router the caller gives (browser or static). */
export function AppRoutes({ loginPage: Login = LoginPage }: AppRoutesProps) {
  return (
    <Suspense fallback={<Spinner fullPage />}>
      <Routes>
        <Route path={ADMIN_PATHS.login} element={<Login />} />
        <Route path={ADMIN_PATHS.signup} element={<SignupPage />} />
        <Route path={ADMIN_PATHS.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={`${ADMIN_PATHS.resetPassword}/:token?`} element={<ResetPasswordPage />} />
        <Route path={`${ADMIN_PATHS.logout}/*`} element={<LogoutPage />} />
        <Route path={ADMIN_PATHS.affiliateLogin} element={<Login variant="affiliate" />} />
        <Route path={ADMIN_PATHS.affiliateSignup} element={<SignupPage affiliate />} />
        <Route path={`${ADMIN_PATHS.affiliateDashboard}/*`} element={<AffiliateArea />} />
        <Route path={ADMIN_PATHS.operatorAffiliates} element={<OperatorAffiliatesPage />} />
        <Route path={`${ADMIN_PATHS.dashboard}/*`} element={<Dashboard />} />
        <Route path="*" element={<Navigate to={ADMIN_PATHS.dashboard} replace />} />
      </Routes>
    </Suspense>
  );
}

export function App(props: AppRoutesProps) {
  return (
    <BrowserRouter>
      <AppRoutes {...props} />
    </BrowserRouter>
  );
}
