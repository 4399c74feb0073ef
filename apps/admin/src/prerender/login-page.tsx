import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes } from '../App';
import { LoginPage } from '../auth/LoginPage';
import { PrerenderedPage } from '../auth/prerender-pass';

/**
 * The HTML of /login, rendered at build time (scripts/prerender-login.mjs) with the same tree
 * src/login-main.tsx hydrates. MUI's styles (emotion) come inline, next to the elements; in the
 * browser emotion moves them into <head> when it loads, before hydration.
 */
export function renderLoginPage(): string {
  return renderToString(
    <StrictMode>
      <PrerenderedPage>
        <StaticRouter location="/login">
          <AppRoutes loginPage={LoginPage} />
        </StaticRouter>
      </PrerenderedPage>
    </StrictMode>,
  );
}
