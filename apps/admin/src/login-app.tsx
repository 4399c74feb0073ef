import { StrictMode } from 'react';
import { App } from './App';
import { LoginPage } from './auth/LoginPage';
import { PrerenderedPage } from './auth/prerender-pass';

/** /login's app: the whole back office's routes, with the sign-in page already in (no lazy chunk to wait for). */
export function loginApp() {
  return (
    <StrictMode>
      <PrerenderedPage>
        <App loginPage={LoginPage} />
      </PrerenderedPage>
    </StrictMode>
  );
}
