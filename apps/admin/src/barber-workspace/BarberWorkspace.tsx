import { MOBILE_BREAKPOINT_PX, POLL_USER_MS, type SessionUser, type Walkin } from '@chairline/shared';
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Drawer, IconButton, Toolbar, useMediaQuery } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { DialogsProvider, useDialogs } from '../common/dialogs';
import { useLiveRefresh } from '../common/use-live-refresh';
import { MOBILE_HEADER_HEIGHT, SIDEBAR_WIDTH } from '../layout/brand';
import { Logo } from '../layout/Logo';
import { useSession } from '../layout/session';
import { authProvider, dataProvider } from '../providers';
import { WorkspaceSidebar, type WorkspacePage } from './WorkspaceSidebar';
import { FeedbackProvider } from '../common/feedback';
import { HomePage } from './HomePage';
import { InvoicePage } from './InvoicePage';
import { PinProvider } from './pin';
import { ProfilePage } from './ProfilePage';
import { WorkspaceTheme } from './WorkspaceTheme';
import { LOGOUT_PATH } from '@chairline/auth-provider';
import { errorText } from '../common/error-text';

const ACTIVE = 'waiting,called,in_service';

/** The session user, refreshed every 20 s and whenever the shop's queue changes. */
function useLiveUser(initial: SessionUser) {
  const [user, setUser] = useState(initial);
  const refresh = useCallback(async () => {
    try {
      const fresh = await authProvider.getSessionUser({ force: true });
      if (fresh) setUser(fresh);
      // The server ended the session (password changed, member removed): leave like a logout.
      else if (!authProvider.isAuthenticated()) window.location.assign(LOGOUT_PATH);
    } catch {
      // Offline for a moment: keep showing the last known values; the next tick retries.
    }
  }, []);
  useEffect(() => {
    const timer = setInterval(() => void refresh(), POLL_USER_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  return { user, refresh };
}

function useMyTickets() {
  const [tickets, setTickets] = useState<Walkin[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = useCallback(async () => {
    try {
      setTickets(await dataProvider.getWalkins({ status: ACTIVE, page_size: 100, ordering: 'checked_in_at' }));
      setError(null);
    } catch (e) {
      setError(errorText(e, 'Could not load your customers.'));
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return { tickets, error, refresh };
}

function Workspace() {
  const session = useSession();
  const { user, refresh: refreshUser } = useLiveUser(session.user);
  const { tickets, error, refresh: refreshTickets } = useMyTickets();
  const { confirm } = useDialogs();
  const [page, setPage] = useState<WorkspacePage>('home');
  const [invoiceFrom, setInvoiceFrom] = useState<Walkin | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const mobile = useMediaQuery(`(max-width:${MOBILE_BREAKPOINT_PX - 1}px)`);

  const onQueueChange = useCallback(() => {
    void refreshUser();
    void refreshTickets();
  }, [refreshUser, refreshTickets]);
  const { live } = useLiveRefresh(user.shop_username, onQueueChange);

  const go = (next: WorkspacePage) => {
    setPage(next);
    setMenuOpen(false);
    window.scrollTo({ top: 0 });
  };

  const logout = async () => {
    setMenuOpen(false);
    const ok = await confirm({ title: 'Are you sure you want to logout?', icon: 'warning', confirmLabel: 'Yes, logout!', cancelLabel: 'Cancel' });
    if (ok) await authProvider.logout();
  };

  const sidebar = <WorkspaceSidebar user={user} page={page} onPage={go} onLogout={() => void logout()} />;

  return (
    <PinProvider applicable={user.pin_applicable}>
      <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
        {mobile ? (
          <>
            <AppBar position="fixed" color="inherit" elevation={0} sx={{ height: MOBILE_HEADER_HEIGHT, borderBottom: 1, borderColor: 'divider' }}>
              <Toolbar sx={{ minHeight: `${MOBILE_HEADER_HEIGHT}px !important`, gap: 1 }}>
                <IconButton edge="start" aria-label="Toggle menu" aria-expanded={menuOpen} onClick={() => setMenuOpen((o) => !o)}>
                  <MenuIcon />
                </IconButton>
                <Logo />
              </Toolbar>
            </AppBar>
            <Drawer open={menuOpen} onClose={() => setMenuOpen(false)} slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH } } }}>
              {sidebar}
            </Drawer>
          </>
        ) : (
          <Box component="aside" sx={{ width: SIDEBAR_WIDTH, flexShrink: 0, borderRight: 1, borderColor: 'divider', bgcolor: 'background.paper', position: 'sticky', top: 0, height: '100vh' }}>
            {sidebar}
          </Box>
        )}
        <Box component="main" sx={{ flex: 1, minWidth: 0, px: { xs: 2, sm: 4 }, py: { xs: 3, sm: 4 }, mt: mobile ? `${MOBILE_HEADER_HEIGHT}px` : 0, maxWidth: 1200 }}>
          {page === 'home' ? (
            <HomePage
              user={user}
              tickets={tickets}
              ticketsError={error}
              live={live}
              onChanged={onQueueChange}
              onInvoice={(ticket) => {
                setInvoiceFrom(ticket);
                go('invoice');
              }}
            />
          ) : null}
          {page === 'invoice' ? <InvoicePage fromWalkin={invoiceFrom} onClearWalkin={() => setInvoiceFrom(null)} timeZone={user.shop_time_zone} /> : null}
          {page === 'profile' ? <ProfilePage user={user} onSaved={refreshUser} /> : null}
        </Box>
      </Box>
    </PinProvider>
  );
}

/** The barber workspace: any role other than admin or manager. */
export function BarberWorkspace() {
  return (
    <WorkspaceTheme>
      <FeedbackProvider>
        <DialogsProvider>
          <Workspace />
        </DialogsProvider>
      </FeedbackProvider>
    </WorkspaceTheme>
  );
}
