import { CssBaseline } from '@mui/material';
import {
  AccessDenied,
  AdminContext,
  AuthCallback,
  AuthenticationError,
  CoreAdminUI,
  defaultI18nProvider,
  Error as ErrorPage,
  LoadingPage,
  localStorageStore,
  NotFound,
  Notification,
  type AdminProps,
  type CoreAdminUIProps,
} from 'react-admin';

const store = localStorageStore();

type ChairlineAdminProps = Pick<AdminProps, 'basename' | 'authProvider' | 'dataProvider' | 'theme' | 'layout' | 'dashboard' | 'children'>;

// react-admin's own AdminUI hands these pages to CoreAdminUI the same way; their prop types are
// written for the Material UI wrapper, so they are named here as what CoreAdminUI takes.
const catchAll = NotFound as CoreAdminUIProps['catchAll'];

/**
 * react-admin's `<Admin>` as this app uses it: the same contexts (data, auth, i18n, store, theme),
 * pages for errors, "not found", loading and access, and notifications, but without react-admin's
 * default layout, app bar, menu and sign-in page, which `<Admin>` imports even when they are
 * replaced: the shell brings its own layout and the sign-in pages live outside /dashboard, so
 * those would only add to every dashboard visit's first download.
 */
export function ChairlineAdmin({ basename, authProvider, dataProvider, theme, layout, dashboard, children }: ChairlineAdminProps) {
  return (
    <AdminContext basename={basename} authProvider={authProvider} dataProvider={dataProvider} i18nProvider={defaultI18nProvider} store={store} theme={theme}>
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          layout={layout}
          dashboard={dashboard}
          loginPage={false}
          catchAll={catchAll}
          error={ErrorPage}
          loading={LoadingPage}
          accessDenied={AccessDenied}
          authenticationError={AuthenticationError}
          authCallbackPage={AuthCallback}
          disableTelemetry
        >
          {children}
        </CoreAdminUI>
        <Notification />
      </CssBaseline>
    </AdminContext>
  );
}
