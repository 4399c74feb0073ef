import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import LogoutIcon from '@mui/icons-material/Logout';
import { Box, ButtonBase, Chip, Divider, ListItemIcon, Menu, MenuItem, Typography } from '@mui/material';
import { useState } from 'react';
import { useLogout } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { userMenuItemsFor } from './navigation';
import { useSession } from './session';
import { UsageBars } from './UsageBars';
import { barberUsage, checkInUsage } from './usage';
import { displayName, UserAvatar } from './UserAvatar';

/** Avatar, name and the account menu of the top bar. Closes on an outside click. */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { user, reload } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const logout = useLogout();
  const close = () => setAnchor(null);
  const go = (to: string) => {
    close();
    navigate(to);
  };

  return (
    <>
      <ButtonBase
        onClick={(event) => {
          setAnchor(event.currentTarget);
          void reload(); // usage changes all day: show current numbers
        }}
        aria-label="Open user menu"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        sx={{ borderRadius: 6, px: 0.75, py: 0.5, gap: 1 }}
      >
        <UserAvatar user={user} size={compact ? 34 : 36} />
        {!compact && (
          <Typography data-testid="topbar-name" sx={{ fontWeight: 600, maxWidth: 180 }} noWrap>
            {displayName(user)}
          </Typography>
        )}
        {!compact && <KeyboardArrowDownIcon fontSize="small" sx={{ color: 'text.secondary' }} />}
      </ButtonBase>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 300, maxWidth: 'calc(100vw - 24px)', mt: 1, borderRadius: 3 } } }}
      >
        <Box sx={{ px: 2, pt: 1.5, pb: 1 }} data-testid="user-menu-header">
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
            <UserAvatar user={user} size={42} />
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 700 }} noWrap>
                {user.name}
              </Typography>
              <Typography variant="body2" color="text.secondary" noWrap>
                {user.email}
              </Typography>
            </Box>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
            <Chip size="small" label={user.plan_name} color="primary" variant="outlined" sx={{ fontWeight: 700 }} />
            {user.trial_days_remaining > 0 && (
              <Chip size="small" label={`${user.trial_days_remaining} days left`} color="warning" sx={{ fontWeight: 700 }} />
            )}
          </Box>
          <UsageBars checkIns={checkInUsage(user)} barbers={barberUsage(user)} />
        </Box>
        <Divider />
        {userMenuItemsFor(user.role).map((item) => (
          <MenuItem key={item.to} onClick={() => go(item.to)}>
            {item.label}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}
