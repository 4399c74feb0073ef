import LogoutIcon from '@mui/icons-material/Logout';
import { Box, Button } from '@mui/material';
import { Suspense, type ReactNode } from 'react';
import { useLogout } from 'react-admin';
import { Spinner } from '../common/Spinner';
import { MOBILE_HEADER_HEIGHT } from './brand';
import { Logo } from './Logo';

/** The only screen of a shop whose subscription is not active: plans, with a way out. */
export function SubscriptionFrame({ children }: { children: ReactNode }) {
  const logout = useLogout();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{ height: MOBILE_HEADER_HEIGHT, display: 'flex', alignItems: 'center', px: { xs: 2, md: 3 }, bgcolor: 'background.paper', borderBottom: '1px solid', borderColor: 'divider' }}
      >
        <Logo />
        <Box sx={{ flex: 1 }} />
        <Button color="inherit" startIcon={<LogoutIcon />} onClick={() => void logout()}>
          Logout
        </Button>
      </Box>
      <Box component="main" sx={{ p: { xs: 2, md: 3 }, maxWidth: 1200, mx: 'auto' }}>
        <Suspense fallback={<Spinner />}>{children}</Suspense>
      </Box>
    </Box>
  );
}
