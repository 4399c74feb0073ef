import { CustomRoutes, Resource } from 'react-admin';
import { lazy } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { ADMIN_ALIASES, ADMIN_PATHS, appointmentEditPath, dashboardRoute } from '@chairline/shared/routes';
import { canAccess, normalizeRole, type Action, type StaffRole } from '@chairline/shared/roles';
import { DashboardGate, type DashboardArea } from '../layout/DashboardGate';
import { ChairlineAdmin } from './ChairlineAdmin';
import { ShellLayout } from '../layout/ShellLayout';
import { SubscriptionFrame } from '../layout/SubscriptionFrame';
import { theme } from '../layout/theme';
import { authProvider, dataProvider } from '../providers';

// Everything under /dashboard: react-admin and the back-office screens. App.tsx loads this module
// only for /dashboard, so the sign-in pages never download react-admin. Each screen loads on
// demand; each folder's index.ts default-exports or names what is mounted.
const HomePage = lazy(() => import('../home').then((m) => ({ default: m.HomePage })));
const WalkinsPage = lazy(() => import('../walkins').then((m) => ({ default: m.WalkinsPage })));
const TeamPage = lazy(() => import('../team').then((m) => ({ default: m.TeamPage })));
const ServiceList = lazy(() => import('../services').then((m) => ({ default: m.default.list })));
const ServiceCreate = lazy(() => import('../services').then((m) => ({ default: m.default.create })));
const ServiceEdit = lazy(() => import('../services').then((m) => ({ default: m.default.edit })));
const CustomerList = lazy(() => import('../customers').then((m) => ({ default: m.default.list })));
const CustomerCreate = lazy(() => import('../customers').then((m) => ({ default: m.default.create })));
const CustomerEdit = lazy(() => import('../customers').then((m) => ({ default: m.default.edit })));
const CustomerShow = lazy(() => import('../customers').then((m) => ({ default: m.default.show })));
const BarbersPage = lazy(() => import('../barbers').then((m) => ({ default: m.BarbersPage })));
const AppointmentCreate = lazy(() => import('../appointments').then((m) => ({ default: m.AppointmentCreate })));
const AppointmentEdit = lazy(() => import('../appointments').then((m) => ({ default: m.AppointmentEdit })));
const CalendarPage = lazy(() => import('../calendar').then((m) => ({ default: m.CalendarPage })));
const InvoicesPage = lazy(() => import('../invoices').then((m) => ({ default: m.InvoicesPage })));
const BillingPage = lazy(() => import('../billing').then((m) => ({ default: m.BillingPage })));
const SettingsPage = lazy(() => import('../settings').then((m) => ({ default: m.SettingsPage })));
const SubscriptionPage = lazy(() => import('../subscription').then((m) => ({ default: m.SubscriptionPage })));
const SupportPage = lazy(() => import('../support').then((m) => ({ default: m.SupportPage })));
const PosterPage = lazy(() => import('../poster').then((m) => ({ default: m.PosterPage })));
const ProfilePage = lazy(() => import('../profile').then((m) => ({ default: m.ProfilePage })));
const BarberWorkspace = lazy(() => import('../barber-workspace').then((m) => ({ default: m.BarberWorkspace })));
const CommissionSettingsPage = lazy(() => import('../invoices').then((m) => ({ default: m.CommissionSettingsPage })));

/**
 * The one react-admin app under /dashboard, inside the app's own router. What it mounts follows the
 * signed-in user: the back office for admin and manager (each screen only for the roles the shared
 * access rules admit), the barber's workspace for any other role, and only the subscription screen
 * while the subscription is not active.
 */
function BackOffice({ area, role }: { area: DashboardArea; role: StaffRole }) {
  const may = (action: Action) => canAccess(role, action);
  return (
    <ChairlineAdmin
      basename={ADMIN_PATHS.dashboard}
      authProvider={authProvider}
      dataProvider={dataProvider}
      theme={theme}
      layout={ShellLayout}
      dashboard={area === 'shell' ? HomePage : undefined}
    >
      {area === 'shell' && [
        <Resource key="services" name="services" list={ServiceList} create={ServiceCreate} edit={ServiceEdit} />,
        <Resource key="customers" name="customers" list={CustomerList} create={CustomerCreate} edit={CustomerEdit} show={CustomerShow} recordRepresentation="name" />,
        <CustomRoutes key="screens">
          <Route path={dashboardRoute(ADMIN_PATHS.walkins)} element={<WalkinsPage />} />
          <Route path={dashboardRoute(ADMIN_PATHS.appointments)} element={<WalkinsPage />} />
          <Route path={dashboardRoute(ADMIN_PATHS.newAppointment)} element={<AppointmentCreate />} />
          <Route path={dashboardRoute(appointmentEditPath(':id'))} element={<AppointmentEdit />} />
          {may('team.barbers') && <Route path={dashboardRoute(ADMIN_PATHS.team)} element={<TeamPage />} />}
          <Route path={dashboardRoute(ADMIN_PATHS.barbers)} element={<BarbersPage />} />
          <Route path={dashboardRoute(ADMIN_ALIASES.barbers[0])} element={<BarbersPage />} />
          <Route path={dashboardRoute(ADMIN_PATHS.calendar)} element={<CalendarPage />} />
          {may('invoices.all') && <Route path={dashboardRoute(ADMIN_PATHS.invoices)} element={<InvoicesPage />} />}
          {may('invoices.all') && <Route path={dashboardRoute(ADMIN_PATHS.commissionSettings)} element={<CommissionSettingsPage />} />}
          {may('billing') && <Route path={dashboardRoute(ADMIN_PATHS.billing)} element={<BillingPage />} />}
          {/* A manager reads the settings; the screen itself keeps them from being changed. */}
          <Route path={dashboardRoute(ADMIN_PATHS.shopSettings)} element={<SettingsPage />} />
          <Route path={dashboardRoute(ADMIN_ALIASES.settings[1])} element={<SettingsPage />} />
          <Route path={dashboardRoute(ADMIN_PATHS.settings)} element={<SettingsPage />} />
          {may('subscription') && <Route path={dashboardRoute(ADMIN_PATHS.subscription)} element={<SubscriptionPage />} />}
          <Route path={dashboardRoute(ADMIN_PATHS.support)} element={<SupportPage />} />
          <Route path={dashboardRoute(ADMIN_PATHS.profile)} element={<ProfilePage />} />
          <Route path={dashboardRoute(ADMIN_PATHS.poster)} element={<PosterPage />} />
        </CustomRoutes>,
      ]}
      {area === 'subscription' && (
        <CustomRoutes noLayout>
          <Route
            path={dashboardRoute(ADMIN_PATHS.subscription)}
            element={
              <SubscriptionFrame>
                <SubscriptionPage />
              </SubscriptionFrame>
            }
          />
          <Route path="*" element={<Navigate to={ADMIN_PATHS.subscription} replace />} />
        </CustomRoutes>
      )}
      {area === 'barber-workspace' && (
        <CustomRoutes noLayout>
          <Route path="/*" element={<BarberWorkspace />} />
        </CustomRoutes>
      )}
    </ChairlineAdmin>
  );
}

export function Dashboard() {
  // A new area (a subscription paid for, a role changed) mounts the app afresh, with its own routes.
  return <DashboardGate>{(area, user) => <BackOffice key={area} area={area} role={normalizeRole(user.role)} />}</DashboardGate>;
}
