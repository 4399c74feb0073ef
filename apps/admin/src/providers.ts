// The app's single auth provider, data provider and HTTP client. The API is on the same origin
// (the API server serves this app), so the base is `${origin}/api`.
import { browserStorage, createAuthProvider, createTokenStore } from '@chairline/auth-provider';
import { createDataProvider, createHttpClient } from '@chairline/data-provider';

// No window when the sign-in page is rendered at build time (nothing is requested then).
const origin = typeof window === 'undefined' ? '' : window.location.origin;
export const apiBase = `${origin}/api`;

const storage = browserStorage();
const redirect = (path: string) => window.location.assign(path);

export const tokens = createTokenStore({ storage, refreshUrl: `${apiBase}/auth/refresh/`, redirect });
export const http = createHttpClient({
  baseUrl: apiBase,
  getAccessToken: () => tokens.getAccessToken(),
  // A token ended early by the server (password changed, session ended) is renewed once, then retried.
  renewAccessToken: (rejected) => tokens.renew(rejected),
});
export const authProvider = createAuthProvider({ http, tokens, storage, redirect });
export const dataProvider = createDataProvider(http);
export { storage };

