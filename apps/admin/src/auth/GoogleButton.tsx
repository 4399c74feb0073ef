import { Box } from '@mui/material';
import { useEffect, useRef } from 'react';
import { GOOGLE_BUTTON_WIDTH, loadGoogleIdentity } from './google';

export interface GoogleButtonProps {
  clientId: string;
  onCredential: (token: string) => void;
  onError: () => void;
}

/**
 * Google's own button (width 370); hands the ID token to `onCredential`. When Google's
 * script cannot load (offline, blocked) the area stays empty and the form works as before.
 */
export function GoogleButton({ clientId, onCredential, onError }: GoogleButtonProps) {
  const ref = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onCredential, onError });
  callbacks.current = { onCredential, onError };

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity()
      .then((id) => {
        if (cancelled || !ref.current) return;
        id.initialize({
          client_id: clientId,
          callback: (reply) => (reply.credential ? callbacks.current.onCredential(reply.credential) : callbacks.current.onError()),
        });
        id.renderButton(ref.current, { theme: 'outline', size: 'large', width: GOOGLE_BUTTON_WIDTH, text: 'continue_with' });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [clientId]);

  return <Box ref={ref} data-testid="google-button" sx={{ display: 'flex', justifyContent: 'center', minHeight: 44, maxWidth: GOOGLE_BUTTON_WIDTH, mx: 'auto' }} />;
}
