// Minimal stand-in so the app builds; the providers helper replaces this file with the real
// singletons from @chairline/auth-provider and @chairline/data-provider (same exported names).
import { STORAGE_KEYS, type SessionUser } from '@chairline/shared';
import type { AuthProvider, DataProvider } from 'react-admin';

const baseUrl = `${window.location.origin}/api`;

async function request(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const token = localStorage.getItem(STORAGE_KEYS.accessToken);
  const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const url = `${baseUrl}${path}${path.includes('?') ? '&' : '?'}timezone=${encodeURIComponent(timezone)}`;
  const isForm = body instanceof FormData;
  const res = await fetch(url, {
    method,
    headers: {
      Accept: 'application/json',
      ...(isForm || body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}

export const http = {
  get: (path: string) => request('GET', path),
  post: (path: string, body?: unknown) => request('POST', path, body),
  put: (path: string, body?: unknown) => request('PUT', path, body),
  patch: (path: string, body?: unknown) => request('PATCH', path, body),
  delete: (path: string) => request('DELETE', path),
};

export const authProvider: AuthProvider = {
  async login({ email, password }: { email: string; password: string }) {
    const reply = await http.post('/auth/login/', { email, password });
    const body = reply.body as { access?: string; refresh?: string; detail?: string };
    if (!body.access || !body.refresh) throw new Error(body.detail ?? 'Something went wrong. Please try again later.');
    localStorage.setItem(STORAGE_KEYS.accessToken, body.access);
    localStorage.setItem(STORAGE_KEYS.refreshToken, body.refresh);
  },
  async logout() {
    localStorage.removeItem(STORAGE_KEYS.accessToken);
    localStorage.removeItem(STORAGE_KEYS.refreshToken);
    localStorage.removeItem(STORAGE_KEYS.affiliate);
    return '/login';
  },
  async checkAuth() {
    if (!localStorage.getItem(STORAGE_KEYS.accessToken)) throw new Error('Not signed in');
  },
  async checkError(error: { status?: number }) {
    if (error.status === 401) throw new Error('Session expired');
  },
  async getIdentity() {
    const reply = await http.get('/auth/get-user-data/');
    const user = (reply.body as { response?: SessionUser | null } | null)?.response;
    if (!user) throw new Error('Not signed in');
    return { id: user.id, fullName: user.name, avatar: user.profile_photo ?? undefined, user };
  },
  async getPermissions() {
    const identity = await authProvider.getIdentity?.();
    return (identity?.user as SessionUser | undefined)?.role;
  },
};

const notReady = () => Promise.reject(new Error('The data provider is not ready yet.'));
export const dataProvider: DataProvider = {
  getList: notReady,
  getOne: notReady,
  getMany: notReady,
  getManyReference: notReady,
  create: notReady,
  update: notReady,
  updateMany: notReady,
  delete: notReady,
  deleteMany: notReady,
};
