import './no-eval';
import { reactAnswersSubmits } from './auth/held-submit';

// The entry of /login, whose HTML already holds the sign-in page (built by src/prerender and
// scripts/prerender-login.mjs, which also writes the small inline script that loads this one): the
// page is hydrated, not drawn again, and the sign-in page is part of this entry rather than a lazy
// chunk. It is the whole app: a link to sign up or a redirect to the dashboard goes on without
// reloading.

async function start(root: HTMLElement) {
  // React DOM and the page (MUI) are requested together but run as two modules, each in a task of
  // its own: one task for both would block a slow phone for their sum.
  const reactDom = import('react-dom/client');
  const page = import('./login-app');
  const [{ createRoot, hydrateRoot }, { startTransition }] = await Promise.all([reactDom, import('react')]);
  const { loginApp } = await page;
  const app = loginApp();
  reactAnswersSubmits();
  if (root.firstElementChild) {
    // In a transition, React hydrates in slices and lets the browser in between, so a slow phone
    // is never blocked for the whole page; a tap or key on the page hydrates it at once.
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    createRoot(root).render(app);
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from login.html');
void start(root);
