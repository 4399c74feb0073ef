import {
  MESSAGES,
  STORAGE_KEYS,
  type AffiliateProfile,
  type LoginReply,
  type Role,
  type SessionUser,
  type SignupBody,
} from '@chairline/shared';
import type { AuthProvider, UserIdentity } from 'ra-core';
import { canAccessResource, roleOf } from './permissions.js';
import { afterLoginPath, afterLogoutPath } from './routing.js';
import type { KeyValueStorage } from './storage.js';
import type { TokenStore } from './tokens.js';

/** The part of the data provider's HTTP client the auth provider needs (structural, no import cycle). */
export interface AuthHttp {
  get(path: string, params?: Record<string, string | number | undefined>, options?: { public?: boolean }): Promise<{ status: number; ok: boolean; body: unknown }>;
  post(path: string, body?: object, options?: { public?: boolean }): Promise<{ status: number; ok: boolean; body: unknown }>;
}

export interface LoginParams {
  email: string;
  password: string;
  affiliate?: boolean;
}

export interface AuthProviderOptions {
  http: AuthHttp;
  tokens: TokenStore;
  storage: KeyValueStorage;
  /** Full-page navigation (window.location.assign): used after logout so no state survives. */
  redirect: (path: string) => void;
}

export interface ChairlineIdentity extends UserIdentity {
  user: SessionUser | null;
  affiliate: AffiliateProfile | null;
}

/** An Error whose message is meant for the person (the server's `detail` or the generic fallback). */
export class AuthError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Login failure: the `detail` field, else 'Something went wrong. Please try again later.' */
export function loginErrorMessage(body: unknown): string {
  if (isRecord(body)) {
    if (typeof body.detail === 'string' && body.detail !== '') return body.detail;
    if (typeof body.response === 'string' && body.response !== '' && body.status === 0) return body.response;
  }
  return MESSAGES.somethingWrong;
}

export function createAuthProvider(options: AuthProviderOptions) {
  const { http, tokens, storage, redirect } = options;
  let user: SessionUser | null = null;
  let affiliateProfile: AffiliateProfile | null = null;
  let loading: Promise<SessionUser | null> | null = null;

  const isAffiliate = () => storage.getItem(STORAGE_KEYS.affiliate) === 'true' && tokens.peekAccessToken() !== null;

  /** Login success: tokens, last refresh, the user; the marketing popup may show again. */
  function loginSucceeded(reply: LoginReply | { access: string; refresh: string; user: AffiliateProfile }, affiliate: boolean) {
    tokens.save(reply.access, reply.refresh);
    storage.removeItem(STORAGE_KEYS.marketingPopupShown);
    if (affiliate) {
      storage.setItem(STORAGE_KEYS.affiliate, 'true');
      affiliateProfile = reply.user as AffiliateProfile;
      user = null;
    } else {
      storage.removeItem(STORAGE_KEYS.affiliate);
      user = reply.user as SessionUser;
      affiliateProfile = null;
    }
  }

  /** A signed-out POST; a network failure is the generic message for a person. */
  async function postSignedOut(path: string, body: object) {
    try {
      return await http.post(path, body, { public: true });
    } catch {
      throw new AuthError(MESSAGES.somethingWrong);
    }
  }

  async function signIn(path: string, body: object, affiliate: boolean): Promise<{ redirectTo: string }> {
    const result = await postSignedOut(path, body);
    const reply = result.body;
    if (result.ok && isRecord(reply) && typeof reply.access === 'string' && typeof reply.refresh === 'string' && isRecord(reply.user)) {
      loginSucceeded(reply as unknown as LoginReply, affiliate);
      return { redirectTo: afterLoginPath(affiliate) };
    }
    throw new AuthError(loginErrorMessage(reply), result.status);
  }

  /** Forced logout: tokens and the affiliate flag go, the user becomes the placeholder. */
  function clearSession() {
    tokens.clear();
    storage.removeItem(STORAGE_KEYS.lastTokenRefresh);
    storage.removeItem(STORAGE_KEYS.affiliate);
    storage.removeItem(STORAGE_KEYS.pinValid);
    user = null;
    affiliateProfile = null;
  }

  /** GET /auth/get-user-data/: a null response or a refused token is a login failure. */
  async function loadSessionUser(): Promise<SessionUser | null> {
    const token = await tokens.getAccessToken();
    if (!token) {
      user = null;
      return null;
    }
    const result = await http.get('/auth/get-user-data/');
    const body = result.body;
    if (result.ok && isRecord(body) && isRecord(body.response)) {
      user = body.response as unknown as SessionUser;
      return user;
    }
    if (result.status === 401 || (result.ok && isRecord(body) && body.response === null)) clearSession();
    user = null;
    return null;
  }

  function getSessionUser(options: { force?: boolean } = {}): Promise<SessionUser | null> {
    if (user && !options.force) return Promise.resolve(user);
    loading ??= loadSessionUser().finally(() => {
      loading = null;
    });
    return loading;
  }

  async function getAffiliateProfile(): Promise<AffiliateProfile | null> {
    if (affiliateProfile) return affiliateProfile;
    if (!isAffiliate()) return null;
    await tokens.getAccessToken();
    const result = await http.get('/affiliate/profile/');
    if (result.ok && isRecord(result.body) && isRecord(result.body.response)) {
      affiliateProfile = result.body.response as unknown as AffiliateProfile;
    }
    return affiliateProfile;
  }

  async function currentRole(): Promise<Role> {
    if (isAffiliate()) return 'affiliate';
    const u = await getSessionUser();
    return roleOf(u?.role, false);
  }

  const provider = {
    login: ({ email, password, affiliate = false }: LoginParams) =>
      signIn(affiliate ? '/affiliate/login/' : '/auth/login/', { email, password }, affiliate),

    logout: async (): Promise<false> => {
      const wasAffiliate = storage.getItem(STORAGE_KEYS.affiliate) === 'true';
      const refresh = tokens.getRefreshToken();
      if (refresh) {
        // Revoking on the server is best effort: the local session ends either way.
        await http.post('/auth/logout/', { refresh }, { public: true }).catch(() => undefined);
      }
      clearSession();
      redirect(afterLogoutPath(wasAffiliate));
      return false;
    },

    // On failure react-admin calls logout(), which clears the session and sends the browser to the
    // login screen of the right variant; `redirectTo: false` stops a second, basename-relative redirect.
    checkAuth: async (_params?: unknown) => {
      if (isAffiliate()) return;
      if (!(await getSessionUser())) throw { redirectTo: false, message: false };
    },

    checkError: async (error: unknown) => {
      const status = isRecord(error) && typeof error.status === 'number' ? error.status : undefined;
      // 401 although the token was fresh: the session is gone server-side. 403 is a refused action, not a logout.
      if (status === 401) throw { redirectTo: false, message: false };
    },

    getIdentity: async (): Promise<ChairlineIdentity> => {
      if (isAffiliate()) {
        const a = await getAffiliateProfile();
        return { id: a?.id ?? -1, fullName: a?.name ?? a?.email ?? '', user: null, affiliate: a };
      }
      const u = await getSessionUser();
      return {
        id: u?.id ?? -1,
        fullName: u?.name || u?.email || 'User',
        avatar: u?.profile_photo ?? u?.profile_pic ?? undefined,
        user: u,
        affiliate: null,
      };
    },

    getPermissions: () => currentRole(),

    canAccess: async ({ resource }: { action: string; resource: string; record?: unknown }) =>
      canAccessResource(await currentRole(), resource),

    // Not part of react-admin's contract; the sign-in pages and screens use them.
    signup: (body: SignupBody) => signIn('/auth/signup/', body, false),
    affiliateSignup: (body: { name: string; email: string; password: string; payout_email?: string }) => signIn('/affiliate/signup/', body, true),
    loginWithGoogle: (token: string, shop?: { shop_name?: string; shop_username?: string; timezone?: string }) =>
      signIn('/auth/google/', { token, ...shop }, false),
    forgotPassword: (email: string) => message('/auth/forgot-password/', { email }),
    resetPassword: (token: string, password: string) => message('/auth/reset-password/', { token, password }),
    isAffiliate,
    /** The stored affiliate flag alone (which login variant to show). */
    hasAffiliateFlag: () => storage.getItem(STORAGE_KEYS.affiliate) === 'true',
    isAuthenticated: () => tokens.peekAccessToken() !== null,
    getAccessToken: () => tokens.getAccessToken(),
    getSessionUser,
    /** The last loaded session user, without a request. */
    peekSessionUser: () => user,
    getAffiliateProfile,
    clearSession,
  };

  async function message(path: string, body: object): Promise<string> {
    const result = await postSignedOut(path, body);
    const reply = result.body;
    if (result.ok && isRecord(reply) && typeof reply.response === 'string') return reply.response;
    throw new AuthError(loginErrorMessage(reply), result.status);
  }

  return provider satisfies AuthProvider;
}

export type ChairlineAuthProvider = ReturnType<typeof createAuthProvider>;
