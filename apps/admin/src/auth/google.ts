// Google Identity Services, loaded only when the server is configured with a client id
// (GOOGLE_CLIENT_ID at run time, read from GET /api/auth/config/; the API verifies ID tokens against it).
import { NetworkError, type ChairlineDataProvider } from '@chairline/data-provider';
import { startTransition, useEffect, useState } from 'react';
// The sign-in pages live outside react-admin's <Admin>: they use the app's one data provider directly.
import { dataProvider } from '../providers';

export const GOOGLE_BUTTON_WIDTH = 370;

interface GoogleId {
  initialize(options: { client_id: string; callback: (reply: { credential?: string }) => void }): void;
  renderButton(element: HTMLElement, options: Record<string, string | number>): void;
}
declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleId } };
  }
}

let loading: Promise<GoogleId> | null = null;

export function loadGoogleIdentity(): Promise<GoogleId> {
  loading ??= new Promise<GoogleId>((resolve, reject) => {
    const ready = () => {
      const id = window.google?.accounts?.id;
      if (id) resolve(id);
      else reject(new Error('Google sign-in is not available.'));
    };
    if (window.google?.accounts?.id) return ready();
    const script = document.createElement('script');
    script.src = 'https://accounts.google.com/gsi/client';
    script.async = true;
    script.onload = ready;
    script.onerror = () => {
      loading = null;
      reject(new Error('Google sign-in is not available.'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

let clientId: Promise<string | null> | null = null;

/** The server's Google client id, asked once per page load; null when unset or the server cannot say. */
export function fetchGoogleClientId(provider: Pick<ChairlineDataProvider, 'getAuthConfig'>): Promise<string | null> {
  clientId ??= provider.getAuthConfig().then(
    (config) => config.google_client_id || null,
    (err: unknown) => {
      // Offline: try again on the next sign-in page rather than hiding Google for good.
      if (err instanceof NetworkError) clientId = null;
      return null;
    },
  );
  return clientId;
}

/**
 * Where the sign-in page stands with Google: 'off' (not asked, e.g. affiliates), 'loading' (asked,
 * no answer yet) or 'ready' (answered; clientId null when Google is not configured).
 */
export type GoogleConfigState = 'off' | 'loading' | 'ready';

/** The Google client id and whether the server has answered yet (no request when `enabled` is false). */
export function useGoogleConfig(enabled: boolean): { clientId: string | null; state: GoogleConfigState } {
  const [answer, setAnswer] = useState<{ clientId: string | null } | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    void fetchGoogleClientId(dataProvider).then((value) => {
      // A transition: redrawing the sign-in form (MUI) on a slow phone is done in slices.
      if (!cancelled) startTransition(() => setAnswer({ clientId: value }));
    });
    return () => {
      cancelled = true;
    };
  }, [enabled]);
  if (!enabled) return { clientId: null, state: 'off' };
  return answer ? { clientId: answer.clientId, state: 'ready' } : { clientId: null, state: 'loading' };
}

/** The Google client id once known (null until then, and when `enabled` is false: no request). */
export function useGoogleClientId(enabled: boolean): string | null {
  return useGoogleConfig(enabled).clientId;
}
