import type { AuthConfig, GettingStartedMark } from '@chairline/shared';
import { isRecord } from '../messages.js';
import { listOf, type Caller, type Schema } from './call.js';

/**
 * GET /auth/config/'s reply, checked by hand: it is the sign-in page's one request, and the shared
 * zod schemas (with zod) would load with it. Typed by the shared schema, so a changed contract
 * fails the type check.
 */
export const authConfigReply: Schema<AuthConfig> = {
  parse(value) {
    const id = isRecord(value) ? value.google_client_id : undefined;
    if (id !== null && typeof id !== 'string') throw new TypeError('Expected { google_client_id: string | null } in the reply.');
    return { google_client_id: id };
  },
};

/** The shop's settings and logo, its setup checklist, support messages and the signed-in person's password. */
export function settingsCommands({ call, checked, parsed }: Caller) {
  return {
    /** Public: the sign-in pages ask it before anyone is signed in. */
    getAuthConfig: () => checked(authConfigReply, 'GET', '/auth/config/', undefined, { public: true }),
    getShopSettings: () => parsed((s) => s.shopSettings, 'GET', '/shop/settings/'),
    saveShopSettings: (body: object) => parsed((s) => s.shopSettings, 'PUT', '/shop/settings/', body),
    uploadShopLogo: (form: FormData) => parsed((s) => s.shopSettings, 'POST', '/shop/settings/logo/', form),
    removeShopLogo: () => parsed((s) => s.shopSettings, 'DELETE', '/shop/settings/logo/'),
    getGettingStarted: () => parsed((s) => s.gettingStarted, 'GET', '/getting-started/'),
    markGettingStarted: (mark: GettingStartedMark) => parsed((s) => s.gettingStarted, 'POST', '/getting-started/marks/', { mark }),
    dismissGettingStarted: () => parsed((s) => s.gettingStarted, 'POST', '/getting-started/dismiss/'),
    getSupportMessages: () => parsed((s) => listOf(s.supportMessage), 'GET', '/support/'),
    sendSupportMessage: (subject: string, message: string) => call<{ id: number; message: string }>('POST', '/support/', { subject, message }),
    /** The server's confirmation text. */
    changeOwnPassword: (currentPassword: string, newPassword: string) =>
      call<string>('POST', '/auth/change-password/', { current_password: currentPassword, new_password: newPassword }),
  };
}
