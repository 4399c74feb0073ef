import { Box } from '@mui/material';
import { useEffect, useRef } from 'react';
import { GOOGLE_BUTTON_WIDTH, GOOGLE_CLIENT_ID, loadGoogleIdentity } from './google';

/** Google's own button (width 370, spec §9); hands the ID token to `onCredential`. */
export function GoogleButton({ onCredential, onError }: { onCredential: (token: string) => void; onError: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onCredential, onError });
  callbacks.current = { onCredential, onError };

  useEffect(() => {
    if (!GOOGLE_CLIENT_ID) return;
    let cancelled = false;
    loadGoogleIdentity()
      .then((id) => {
        if (cancelled || !ref.current) return;
        id.initialize({
          client_id: GOOGLE_CLIENT_ID as string,
          callback: (reply) => (reply.credential ? callbacks.current.onCredential(reply.credential) : callbacks.current.onError()),
        });
        id.renderButton(ref.current, { theme: 'outline', size: 'large', width: GOOGLE_BUTTON_WIDTH, text: 'continue_with' });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);

  return <Box ref={ref} data-testid="google-button" sx={{ display: 'flex', justifyContent: 'center', minHeight: 44, maxWidth: GOOGLE_BUTTON_WIDTH, mx: 'auto' }} />;
}
