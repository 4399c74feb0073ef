import { PRODUCT_NAME } from '@chairline/shared';
import { AppBar, Avatar, Box, Button, Container, Divider, ListItemIcon, Menu, MenuItem, Toolbar, Typography } from '@mui/material';
import BarChartIcon from '@mui/icons-material/BarChart';
import LogoutIcon from '@mui/icons-material/Logout';
import PaymentsIcon from '@mui/icons-material/Payments';
import PersonIcon from '@mui/icons-material/Person';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { BRAND_COLOR } from '../layout/brand';
import type { ProfileState } from './useAffiliateProfile';
import { ADMIN_PATHS } from '@chairline/shared/routes';

const BASE = ADMIN_PATHS.affiliateDashboard;

/** Header '{product} Affiliates' with the user menu, the page, and a footer. */
export function AffiliateLayout({ profile, children }: { profile: ProfileState; children: ReactNode }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const name = profile.kind === 'ready' ? profile.profile.name || profile.profile.email : '';
  const go = (path: string) => {
    setAnchor(null);
    navigate(path);
  };
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 2, minHeight: 64 }}>
          <Box component={RouterLink} to={BASE} sx={{ display: 'flex', alignItems: 'center', gap: 1, textDecoration: 'none', color: 'inherit' }}>
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
              <rect x="2" y="2" width="20" height="20" rx="6" fill={BRAND_COLOR} />
              <path d="M8 7h8M8 11h8M9 11v6M15 11v6M7 17h10" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <Typography component="span" sx={{ fontWeight: 800, fontSize: 17, letterSpacing: '-0.01em' }}>
              {PRODUCT_NAME} Affiliates
            </Typography>
          </Box>
          <Box sx={{ flex: 1 }} />
          <Button
            onClick={(e) => setAnchor(e.currentTarget)}
            aria-haspopup="menu"
            aria-label="User menu"
            color="inherit"
            startIcon={<Avatar sx={{ width: 32, height: 32, bgcolor: 'primary.main', fontSize: 15 }}>{(name || 'A').charAt(0).toUpperCase()}</Avatar>}
          >
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {name || 'Affiliate'}
            </Box>
          </Button>
          <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
            <MenuItem onClick={() => go(`${BASE}/profile`)}>
              <ListItemIcon>
                <PersonIcon fontSize="small" />
              </ListItemIcon>
              My Profile
            </MenuItem>
            <MenuItem onClick={() => go(`${BASE}/analytics`)}>
              <ListItemIcon>
                <BarChartIcon fontSize="small" />
              </ListItemIcon>
              Analytics
            </MenuItem>
            <MenuItem onClick={() => go(`${BASE}/payouts`)}>
              <ListItemIcon>
                <PaymentsIcon fontSize="small" />
              </ListItemIcon>
              Payouts
            </MenuItem>
            <Divider />
            <MenuItem onClick={() => go(`${ADMIN_PATHS.logout}/`)}>
              <ListItemIcon>
                <LogoutIcon fontSize="small" />
              </ListItemIcon>
              Logout
            </MenuItem>
          </Menu>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ flex: 1, py: { xs: 3, md: 5 } }}>
        {children}
      </Container>
      <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 3, bgcolor: 'background.paper' }}>
        <Container maxWidth="md" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between' }}>
          <Typography variant="body2" color="text.secondary">
            © {new Date().getFullYear()} {PRODUCT_NAME} Affiliates
          </Typography>
          <Box sx={{ display: 'flex', gap: 2 }}>
            <Typography component="a" href="/terms-and-services" variant="body2" color="text.secondary">
              Terms
            </Typography>
            <Typography component="a" href="/privacy-policy" variant="body2" color="text.secondary">
              Privacy
            </Typography>
          </Box>
        </Container>
      </Box>
    </Box>
  );
}
