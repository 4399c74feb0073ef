export { LoginPage } from './LoginPage';
export { SignupPage } from './SignupPage';
export { ForgotPasswordPage } from './ForgotPasswordPage';
export { ResetPasswordPage } from './ResetPasswordPage';
export { LogoutPage } from './LogoutPage';
export { routeFor, afterLoginPath, afterLogoutPath, dashboardFor } from '@chairline/auth-provider';
