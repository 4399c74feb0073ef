import type { GettingStartedMark } from '@chairline/shared';
import { listOf, type Caller } from './call.js';

/** The shop's settings and logo, its setup checklist, support messages and the signed-in person's password. */
export function settingsCommands({ call, parsed }: Caller) {
  return {
    /** Public: the sign-in pages ask it before anyone is signed in. */
    getAuthConfig: () => parsed((s) => s.authConfig, 'GET', '/auth/config/', undefined, { public: true }),
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
