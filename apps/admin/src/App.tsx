import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
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
const Dashboard = lazy(() => import('./dashboard/DashboardApp').then((m) => ({ default: m.Dashboard })));

export function App() {
  return (
    <BrowserRouter>
      <Suspense fallback={<Spinner fullPage />}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/signup" element={<SignupPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password/:token?" element={<ResetPasswordPage />} />
          <Route path="/logout/*" element={<LogoutPage />} />
          <Route path="/affiliate/marketing" element={<LoginPage variant="affiliate" />} />
          <Route path="/affiliate/marketing/signup" element={<SignupPage affiliate />} />
          <Route path="/affiliate/marketing/dashboard/*" element={<AffiliateArea />} />
          <Route path="/dashboard/operator/affiliates" element={<OperatorAffiliatesPage />} />
          <Route path="/dashboard/*" element={<Dashboard />} />
          <Route path="*" element={<Navigate to="/dashboard" replace />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
