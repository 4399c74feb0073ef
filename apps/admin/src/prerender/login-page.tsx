import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes } from '../App';
import { LoginPage, REMEMBERED_EMAIL_KEY } from '../auth/LoginPage';
import { STORAGE_KEYS } from '@chairline/shared';
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

/** Stored keys that make the built page load the app at once: a session (sent on) or a kept email (filled in). */
export const keysThatLoadTheAppAtOnce: readonly string[] = [STORAGE_KEYS.accessToken, REMEMBERED_EMAIL_KEY];
