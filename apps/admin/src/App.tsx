import { Admin, CustomRoutes } from 'react-admin';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { Placeholder } from './common/Placeholder';
import { Spinner } from './common/Spinner';
import { DashboardGate } from './layout/DashboardGate';
import { ShellLayout } from './layout/ShellLayout';
import { theme } from './layout/theme';
import { authProvider, dataProvider } from './providers';

// Pages load on demand (spec §2); each folder's index.ts default-exports or names what is mounted.
const HomePage = lazy(() => import('./home').then((m) => ({ default: m.HomePage })));
const WalkinsPage = lazy(() => import('./walkins').then((m) => ({ default: m.WalkinsPage })));
const TeamPage = lazy(() => import('./team').then((m) => ({ default: m.TeamPage })));
const LoginPage = lazy(() => import('./auth').then((m) => ({ default: m.LoginPage })));
const SignupPage = lazy(() => import('./auth').then((m) => ({ default: m.SignupPage })));
const ForgotPasswordPage = lazy(() => import('./auth').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import('./auth').then((m) => ({ default: m.ResetPasswordPage })));
const LogoutPage = lazy(() => import('./auth').then((m) => ({ default: m.LogoutPage })));

/** Admin and manager back office: react-admin under /dashboard inside the app's own router. */
function BackOffice() {
  return (
    <Admin
      basename="/dashboard"
      authProvider={authProvider}
      dataProvider={dataProvider}
      theme={theme}
      layout={ShellLayout}
      dashboard={HomePage}
      loginPage={false}
      disableTelemetry
    >
      {/* Resources of the resources helper are registered here (barbers, services, customers, invoices...). */}
      <CustomRoutes>
        <Route path="/walkin-management" element={<WalkinsPage />} />
        <Route path="/appointments" element={<WalkinsPage />} />
        <Route path="/appointments/:id/edit" element={<Placeholder title="Edit appointment" />} />
        <Route path="/team" element={<TeamPage />} />
        <Route path="/employees" element={<Placeholder title="Barbers" />} />
        <Route path="/barbers" element={<Placeholder title="Barbers" />} />
        <Route path="/services" element={<Placeholder title="Services" />} />
        <Route path="/customers" element={<Placeholder title="Customers" />} />
        <Route path="/calendar" element={<Placeholder title="Calendar" />} />
        <Route path="/invoices" element={<Placeholder title="Invoices" />} />
        <Route path="/billing" element={<Placeholder title="Billing" />} />
        <Route path="/settings/shop" element={<Placeholder title="Settings" />} />
        <Route path="/settings/store" element={<Placeholder title="Settings" />} />
        <Route path="/settings/settings" element={<Placeholder title="Settings" />} />
        <Route path="/settings/subscription" element={<Placeholder title="Subscription" />} />
        <Route path="/support" element={<Placeholder title="Support" />} />
        <Route path="/profile" element={<Placeholder title="Profile" />} />
      </CustomRoutes>
    </Admin>
  );
}

/** A signed-in user whose subscription is not active sees only the subscription screen. */
function SubscriptionOnly() {
  return (
    <Admin basename="/dashboard" authProvider={authProvider} dataProvider={dataProvider} theme={theme} loginPage={false} disableTelemetry>
      <CustomRoutes noLayout>
        <Route path="/settings/subscription" element={<Placeholder title="Subscription" />} />
        <Route path="*" element={<Navigate to="/dashboard/settings/subscription" replace />} />
      </CustomRoutes>
    </Admin>
  );
}

/** Barbers (any role other than admin or manager) get the employee dashboard only. */
function EmployeeArea() {
  return (
    <Admin basename="/dashboard" authProvider={authProvider} dataProvider={dataProvider} theme={theme} loginPage={false} disableTelemetry>
      <CustomRoutes noLayout>
        <Route path="/*" element={<Placeholder title="Employee dashboard" />} />
      </CustomRoutes>
    </Admin>
  );
}

function Dashboard() {
  return (
    <DashboardGate
      subscription={<SubscriptionOnly />}
      employee={<EmployeeArea />}
      shell={<BackOffice />}
    />
  );
}

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
          <Route path="/affiliate/marketing/dashboard/*" element={<Placeholder title="Affiliate dashboard" />} />
          <Route path="/dashboard/*" element={<Dashboard />} />
          <Route path="*" element={<Navigate to="/dashboard" replace />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
