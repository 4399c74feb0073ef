// Google Identity Services, loaded only when the deployment configures a client id
// (VITE_GOOGLE_CLIENT_ID at build time, the same id the API's GOOGLE_CLIENT_ID verifies).

export const GOOGLE_CLIENT_ID: string | undefined = (import.meta.env.VITE_GOOGLE_CLIENT_ID as string | undefined) || undefined;
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
