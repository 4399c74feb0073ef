import MenuIcon from '@mui/icons-material/Menu';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import { MOBILE_BREAKPOINT_PX } from '@chairline/shared';
import { Box, Drawer, Fab, IconButton, Typography, useMediaQuery } from '@mui/material';
import { Suspense, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { DialogsProvider } from '../common/dialogs';
import { FeedbackProvider } from '../common/feedback';
import { Spinner } from '../common/Spinner';
import { PlanNotice, UpgradePrompts } from '../upgrade-prompts';
import { MOBILE_HEADER_HEIGHT, SIDEBAR_WIDTH } from './brand';
import { Logo } from './Logo';
import { useSession } from './session';
import { Sidebar } from './Sidebar';
import { needsUpgrade } from './upgrade';
import { UserMenu } from './UserMenu';
import { ADMIN_PATHS } from '@chairline/shared/routes';

/** The dashboard shell for admin and manager, react-admin's layout slot. */
export function ShellLayout({ children }: { children?: ReactNode }) {
  const { user } = useSession();
  const mobile = useMediaQuery(`(max-width:${MOBILE_BREAKPOINT_PX - 1}px)`, { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const navigate = useNavigate();

  return (
    <DialogsProvider>
      <FeedbackProvider>
        <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
          {mobile ? (
            <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH } } }}>
              <Sidebar onNavigate={() => setDrawerOpen(false)} />
            </Drawer>
          ) : (
            <Box
              sx={{ width: SIDEBAR_WIDTH, flexShrink: 0, borderRight: '1px solid', borderColor: 'divider', position: 'sticky', top: 0, height: '100vh' }}
            >
              <Sidebar />
            </Box>
          )}
          <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
            <Box
              component="header"
              sx={{
                height: MOBILE_HEADER_HEIGHT,
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                px: { xs: 1.5, md: 3 },
                bgcolor: 'background.paper',
                borderBottom: '1px solid',
                borderColor: 'divider',
                position: 'sticky',
                top: 0,
                zIndex: 10,
              }}
            >
              {mobile && (
                <>
                  <IconButton aria-label="Toggle menu" aria-expanded={drawerOpen ? 'true' : 'false'} onClick={() => setDrawerOpen((open) => !open)} edge="start">
                    <MenuIcon />
                  </IconButton>
                  <Logo />
                </>
              )}
              {!mobile && (
                <Typography sx={{ fontWeight: 700, color: 'text.secondary' }} noWrap>
                  {user.shop_name}
                </Typography>
              )}
              <Box sx={{ flex: 1 }} />
              <UserMenu compact={mobile} />
            </Box>
            <Box component="main" sx={{ flex: 1, p: { xs: 2, md: 3 }, maxWidth: 1400, width: '100%', mx: 'auto' }}>
              <PlanNotice />
              <Suspense fallback={<Spinner />}>{children}</Suspense>
            </Box>
          </Box>
          {needsUpgrade(user) && (
            <Fab
              variant="extended"
              color="error"
              onClick={() => navigate(ADMIN_PATHS.subscription)}
              sx={{ position: 'fixed', right: 24, bottom: 24, zIndex: 1200, fontWeight: 700, boxShadow: '0 8px 24px rgba(220,38,38,0.35)' }}
            >
              <RocketLaunchIcon sx={{ mr: 1 }} />
              Upgrade Plan
            </Fab>
          )}
          <UpgradePrompts />
        </Box>
      </FeedbackProvider>
    </DialogsProvider>
  );
}
