import { Box, Typography } from '@mui/material';
import { useCallback, useState } from 'react';
import { Title } from 'react-admin';
import { useSession } from '../layout/session';
import { ChangePasswordCard } from './ChangePasswordCard';
import { NoticeDialog, type Notice } from './NoticeDialog';
import { ProfileForm } from './ProfileForm';

/** The profile screen of owners and managers: the shared profile form and the password card. */
export function ProfilePage() {
  const { user, reload } = useSession();
  const [notice, setNotice] = useState<Notice | null>(null);
  const close = useCallback(() => setNotice(null), []);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 640 }}>
      <Title title="Profile" />
      <ProfileForm
        user={user}
        onSaved={reload}
        notify={(n, kind) => setNotice({ ...n, kind })}
        heading={
          <Typography variant="h5" component="h1">
            My profile
          </Typography>
        }
      />
      <Box sx={{ mt: 2 }}>
        <ChangePasswordCard email={user.email} />
      </Box>
      <NoticeDialog notice={notice} onClose={close} />
    </Box>
  );
}
