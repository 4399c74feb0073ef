import './no-eval';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { LoginPage } from './auth/LoginPage';
import { PrerenderedPage } from './auth/prerender-pass';

// The entry of /login, whose HTML already holds the sign-in page (built by src/prerender): the page
// is hydrated, not drawn again, and the sign-in page is part of this entry rather than a lazy chunk,
// so hydration starts as soon as the scripts have run. It is the whole app: a link to sign up or a
// redirect to the dashboard goes on without reloading.
const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from login.html');
const app = (
  <StrictMode>
    <PrerenderedPage>
      <App loginPage={LoginPage} />
    </PrerenderedPage>
  </StrictMode>
);
if (root.firstElementChild) {
  // In a transition, React hydrates in slices and lets the browser in between, so a slow phone
  // is never blocked for the whole page; a tap or key on the page hydrates it at once.
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  createRoot(root).render(app);
}
