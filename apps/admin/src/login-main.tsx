import './no-eval';

// The entry of /login, whose HTML already holds the sign-in page (built by src/prerender and
// scripts/prerender-login.mjs, which also writes the small inline script that loads this one): the
// page is hydrated, not drawn again, and the sign-in page is part of this entry rather than a lazy
// chunk. It is the whole app: a link to sign up or a redirect to the dashboard goes on without
// reloading.

declare global {
  interface Window {
    /** Set once React listens to the page: from then on it answers a submitted form itself. */
    chairlineHydrating?: boolean;
    /** A form submitted before that (held by the inline script), to send again once hydrated. */
    chairlinePendingSubmit?: HTMLFormElement;
  }
}

/** A sign-in submitted before the app could answer it is sent now, with what was typed. */
function sendHeldSubmit() {
  const form = window.chairlinePendingSubmit;
  window.chairlinePendingSubmit = undefined;
  // After the change events React replays for fields typed into before hydration.
  if (form?.isConnected) window.setTimeout(() => form.requestSubmit());
}

async function start(root: HTMLElement) {
  // React DOM and the page (MUI) are requested together but run as two modules, each in a task of
  // its own: one task for both would block a slow phone for their sum.
  const reactDom = import('react-dom/client');
  const page = import('./login-app');
  const [{ createRoot, hydrateRoot }, { startTransition }] = await Promise.all([reactDom, import('react')]);
  const { loginApp } = await page;
  const app = loginApp(sendHeldSubmit);
  window.chairlineHydrating = true;
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
