import type { SessionUser } from '@chairline/shared';
import HomeIcon from '@mui/icons-material/Home';
import LogoutIcon from '@mui/icons-material/Logout';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PersonIcon from '@mui/icons-material/Person';
import ReceiptIcon from '@mui/icons-material/Receipt';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import { Avatar, Box, List, ListItem, ListItemButton, ListItemIcon, ListItemText, ListSubheader, Typography } from '@mui/material';
import { imageUrl } from '../common/image-url';
import { Logo } from '../layout/Logo';

export type WorkspacePage = 'home' | 'invoice' | 'profile';

const PAGES: Array<{ page: WorkspacePage; label: string; icon: React.ReactNode }> = [
  { page: 'home', label: 'Home', icon: <HomeIcon /> },
  { page: 'invoice', label: 'Invoice', icon: <ReceiptIcon /> },
  { page: 'profile', label: 'Profile', icon: <PersonIcon /> },
];

const subheader = { bgcolor: 'transparent', fontSize: 12, fontWeight: 700, letterSpacing: '0.06em', textTransform: 'uppercase', lineHeight: '32px' } as const;

export function WorkspaceSidebar({ user, page, onPage, onLogout }: { user: SessionUser; page: WorkspacePage; onPage: (p: WorkspacePage) => void; onLogout: () => void }) {
  return (
    <Box component="nav" aria-label="Employee menu" sx={{ display: 'flex', flexDirection: 'column', height: '100%', px: 1.5, py: 2 }}>
      <Box sx={{ px: 1.5, pb: 2 }}>
        <Logo />
      </Box>
      <List dense subheader={<ListSubheader sx={subheader}>Main Menu</ListSubheader>}>
        {PAGES.map((item) => (
          <ListItem key={item.page} disablePadding sx={{ mb: 0.5 }}>
            <ListItemButton
              selected={page === item.page}
              aria-current={page === item.page ? 'page' : undefined}
              onClick={() => onPage(item.page)}
              sx={{ borderRadius: 2 }}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>{item.icon}</ListItemIcon>
              <ListItemText primary={item.label} />
            </ListItemButton>
          </ListItem>
        ))}
        <ListItem disablePadding>
          <ListItemButton component="a" href={`/shop/${encodeURIComponent(user.shop_username)}`} target="_blank" rel="noopener noreferrer" sx={{ borderRadius: 2 }}>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <HowToRegIcon />
            </ListItemIcon>
            <ListItemText primary="Check In" />
            <OpenInNewIcon aria-hidden sx={{ fontSize: 16, color: 'text.secondary' }} />
          </ListItemButton>
        </ListItem>
      </List>
      <List dense subheader={<ListSubheader sx={subheader}>Account</ListSubheader>}>
        <ListItem disablePadding>
          <ListItemButton onClick={onLogout} sx={{ borderRadius: 2 }}>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <LogoutIcon />
            </ListItemIcon>
            <ListItemText primary="Logout" />
          </ListItemButton>
        </ListItem>
      </List>
      <Box sx={{ flex: 1 }} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}>
        <Avatar src={imageUrl(user.profile_photo ?? user.profile_pic)} sx={{ width: 36, height: 36, bgcolor: 'primary.main' }}>
          {(user.name || user.email || 'U').charAt(0).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
            {user.name || user.email || 'User'}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {user.shop_name}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
