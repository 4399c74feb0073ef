import { Admin, CustomRoutes, Resource } from 'react-admin';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { Spinner } from './common/Spinner';
import { DashboardGate } from './layout/DashboardGate';
import { ShellLayout } from './layout/ShellLayout';
import { SubscriptionFrame } from './layout/SubscriptionFrame';
import { theme } from './layout/theme';
import { authProvider, dataProvider } from './providers';

// Pages load on demand; each folder's index.ts default-exports or names what is mounted.
const HomePage = lazy(() => import('./home').then((m) => ({ default: m.HomePage })));
const WalkinsPage = lazy(() => import('./walkins').then((m) => ({ default: m.WalkinsPage })));
const TeamPage = lazy(() => import('./team').then((m) => ({ default: m.TeamPage })));
const ServiceList = lazy(() => import('./services').then((m) => ({ default: m.default.list })));
const ServiceCreate = lazy(() => import('./services').then((m) => ({ default: m.default.create })));
const ServiceEdit = lazy(() => import('./services').then((m) => ({ default: m.default.edit })));
const CustomerList = lazy(() => import('./customers').then((m) => ({ default: m.default.list })));
const CustomerCreate = lazy(() => import('./customers').then((m) => ({ default: m.default.create })));
const CustomerEdit = lazy(() => import('./customers').then((m) => ({ default: m.default.edit })));
const CustomerShow = lazy(() => import('./customers').then((m) => ({ default: m.default.show })));
const BarbersPage = lazy(() => import('./barbers').then((m) => ({ default: m.BarbersPage })));
const AppointmentCreate = lazy(() => import('./appointments').then((m) => ({ default: m.AppointmentCreate })));
const AppointmentEdit = lazy(() => import('./appointments').then((m) => ({ default: m.AppointmentEdit })));
const CalendarPage = lazy(() => import('./calendar').then((m) => ({ default: m.CalendarPage })));
const InvoicesPage = lazy(() => import('./invoices').then((m) => ({ default: m.InvoicesPage })));
const BillingPage = lazy(() => import('./billing').then((m) => ({ default: m.BillingPage })));
const SettingsPage = lazy(() => import('./settings').then((m) => ({ default: m.SettingsPage })));
const SubscriptionPage = lazy(() => import('./subscription').then((m) => ({ default: m.SubscriptionPage })));
const SupportPage = lazy(() => import('./support').then((m) => ({ default: m.SupportPage })));
const PosterPage = lazy(() => import('./poster').then((m) => ({ default: m.PosterPage })));
const ProfilePage = lazy(() => import('./profile').then((m) => ({ default: m.ProfilePage })));
const LoginPage = lazy(() => import('./auth').then((m) => ({ default: m.LoginPage })));
const SignupPage = lazy(() => import('./auth').then((m) => ({ default: m.SignupPage })));
const ForgotPasswordPage = lazy(() => import('./auth').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import('./auth').then((m) => ({ default: m.ResetPasswordPage })));
const LogoutPage = lazy(() => import('./auth').then((m) => ({ default: m.LogoutPage })));
const AffiliateArea = lazy(() => import('./affiliate').then((m) => ({ default: m.AffiliateArea })));
const OperatorAffiliatesPage = lazy(() => import('./operator').then((m) => ({ default: m.OperatorAffiliatesPage })));
const EmployeeDashboard = lazy(() => import('./employee').then((m) => ({ default: m.EmployeeDashboard })));
const CommissionSettingsPage = lazy(() => import('./invoices').then((m) => ({ default: m.CommissionSettingsPage })));

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
      <Resource name="services" list={ServiceList} create={ServiceCreate} edit={ServiceEdit} />
      <Resource name="customers" list={CustomerList} create={CustomerCreate} edit={CustomerEdit} show={CustomerShow} recordRepresentation="name" />
      <CustomRoutes>
        <Route path="/walkin-management" element={<WalkinsPage />} />
        <Route path="/appointments" element={<WalkinsPage />} />
        <Route path="/appointments/create" element={<AppointmentCreate />} />
        <Route path="/appointments/:id/edit" element={<AppointmentEdit />} />
        <Route path="/team" element={<TeamPage />} />
        <Route path="/employees" element={<BarbersPage />} />
        <Route path="/barbers" element={<BarbersPage />} />
        <Route path="/calendar" element={<CalendarPage />} />
        <Route path="/invoices" element={<InvoicesPage />} />
        <Route path="/billing" element={<BillingPage />} />
        <Route path="/settings/shop" element={<SettingsPage />} />
        <Route path="/settings/store" element={<SettingsPage />} />
        <Route path="/settings/settings" element={<SettingsPage />} />
        <Route path="/settings/subscription" element={<SubscriptionPage />} />
        <Route path="/support" element={<SupportPage />} />
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/poster" element={<PosterPage />} />
        <Route path="/invoices/commissions" element={<CommissionSettingsPage />} />
      </CustomRoutes>
    </Admin>
  );
}

/** A signed-in user whose subscription is not active sees only the subscription screen. */
function SubscriptionOnly() {
  return (
    <Admin basename="/dashboard" authProvider={authProvider} dataProvider={dataProvider} theme={theme} loginPage={false} disableTelemetry>
      <CustomRoutes noLayout>
        <Route
          path="/settings/subscription"
          element={
            <SubscriptionFrame>
              <SubscriptionPage />
            </SubscriptionFrame>
          }
        />
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
        <Route path="/*" element={<EmployeeDashboard />} />
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
          <Route path="/affiliate/marketing/dashboard/*" element={<AffiliateArea />} />
          <Route path="/dashboard/operator/affiliates" element={<OperatorAffiliatesPage />} />
          <Route path="/dashboard/*" element={<Dashboard />} />
          <Route path="*" element={<Navigate to="/dashboard" replace />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
