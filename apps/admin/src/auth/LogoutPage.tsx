import { Box, CircularProgress, Typography } from '@mui/material';
import { useEffect } from 'react';
import { authProvider } from '../providers';
import { AuthTheme } from './AuthTheme';

let started = false;

/**
 * /logout/ (also where a failed token refresh lands): ends the session and goes to /login, or to
 * /affiliate/marketing for affiliates. The provider navigates with a full page load so no state survives.
 */
export function LogoutPage() {
  useEffect(() => {
    // StrictMode mounts twice in development; one logout is enough.
    if (started) return;
    started = true;
    void authProvider.logout();
  }, []);
  return (
    <AuthTheme>
      <Box role="status" sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2 }}>
        <CircularProgress />
        <Typography color="text.secondary">Signing you out…</Typography>
      </Box>
    </AuthTheme>
  );
}
