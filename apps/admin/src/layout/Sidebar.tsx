import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import CalendarMonthOutlinedIcon from '@mui/icons-material/CalendarMonthOutlined';
import ContentCutIcon from '@mui/icons-material/ContentCut';
import DirectionsWalkIcon from '@mui/icons-material/DirectionsWalk';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import HowToRegOutlinedIcon from '@mui/icons-material/HowToRegOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import SpaOutlinedIcon from '@mui/icons-material/SpaOutlined';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import { Box, Button, List, ListItemButton, ListItemIcon, ListItemText, ListSubheader } from '@mui/material';
import type { ReactNode } from 'react';
import { useLogout } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { useDialogs } from '../common/dialogs';
import { BRAND_COLOR } from './brand';
import { Logo } from './Logo';
import { isActive, navItemsFor, type NavItem } from './navigation';
import { useSession } from './session';

const ICONS: Record<NavItem['icon'], ReactNode> = {
  home: <HomeOutlinedIcon />,
  barbers: <ContentCutIcon />,
  walkins: <DirectionsWalkIcon />,
  calendar: <CalendarMonthOutlinedIcon />,
  services: <SpaOutlinedIcon />,
  customers: <PeopleAltOutlinedIcon />,
  invoices: <ReceiptLongOutlinedIcon />,
  billing: <AccountBalanceWalletOutlinedIcon />,
  team: <GroupsOutlinedIcon />,
  settings: <SettingsOutlinedIcon />,
  support: <SupportAgentOutlinedIcon />,
};

function NavLink({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const active = isActive(item, pathname);
  return (
    <ListItemButton
      component={Link}
      to={item.to}
      onClick={onNavigate}
      selected={active}
      aria-current={active ? 'page' : undefined}
      sx={{
        borderRadius: 2,
        mx: 1.5,
        mb: 0.25,
        py: 0.9,
        '&.Mui-selected': { bgcolor: `${BRAND_COLOR}14`, color: BRAND_COLOR, '& .MuiListItemIcon-root': { color: BRAND_COLOR } },
      }}
    >
      <ListItemIcon sx={{ minWidth: 38 }}>{ICONS[item.icon]}</ListItemIcon>
      <ListItemText primary={item.label} slotProps={{ primary: { sx: { fontWeight: active ? 700 : 500, fontSize: 15 } } }} />
    </ListItemButton>
  );
}

/** Sidebar: links by role, Check In (new tab), Logout after a confirmation. */
export function Sidebar({ onNavigate, showLogo = true }: { onNavigate?: () => void; showLogo?: boolean }) {
  const { user } = useSession();
  const logout = useLogout();
  const { confirm } = useDialogs();
  const items = navItemsFor(user.role);
  const main = items.filter((item) => item.group === 'main');
  const settings = items.filter((item) => item.group === 'settings');

  const askLogout = async () => {
    const ok = await confirm({
      title: 'Are you sure?',
      text: 'You will be logged out!',
      icon: 'warning',
      confirmLabel: 'Yes, logout!',
      cancelLabel: 'Cancel',
      destructive: true,
    });
    if (ok) await logout();
  };

  return (
    <Box component="aside" aria-label="Sidebar" sx={{ display: 'flex', flexDirection: 'column', height: '100%', bgcolor: 'background.paper' }}>
      {showLogo && (
        <Box sx={{ height: 64, display: 'flex', alignItems: 'center', px: 3, flexShrink: 0 }}>
          <Logo />
        </Box>
      )}
      <Box component="nav" aria-label="Main navigation" sx={{ flex: 1, overflowY: 'auto', pt: 1 }}>
        <List disablePadding>
          {main.map((item) => (
            <NavLink key={item.to} item={item} onNavigate={onNavigate} />
          ))}
        </List>
        {settings.length > 0 && (
          <List
            disablePadding
            subheader={
              <ListSubheader disableSticky sx={{ bgcolor: 'transparent', px: 3, lineHeight: '32px', mt: 1, fontSize: 12, letterSpacing: '0.06em', textTransform: 'uppercase' }}>
                Settings
              </ListSubheader>
            }
          >
            {settings.map((item) => (
              <NavLink key={item.to} item={item} onNavigate={onNavigate} />
            ))}
          </List>
        )}
      </Box>
      <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1, borderTop: '1px solid', borderColor: 'divider' }}>
        <Button
          variant="contained"
          startIcon={<HowToRegOutlinedIcon />}
          href={`/shop/${encodeURIComponent(user.shop_username)}`}
          target="_blank"
          rel="noopener noreferrer"
          fullWidth
        >
          Check In
        </Button>
        <Button variant="text" color="inherit" startIcon={<LogoutIcon />} onClick={() => void askLogout()} fullWidth sx={{ justifyContent: 'flex-start', color: 'text.secondary' }}>
          Logout
        </Button>
      </Box>
    </Box>
  );
}
