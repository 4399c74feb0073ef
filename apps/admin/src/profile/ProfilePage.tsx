import { TOAST_AUTO_CLOSE_MS } from '@chairline/shared';
import { Box, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { useFeedback } from '../common/feedback';
import { useSession } from '../layout/session';
import { ChangePasswordCard } from './ChangePasswordCard';
import { ProfileForm } from './ProfileForm';

/** The profile screen of owners and managers: the shared profile form and the password card. */
export function ProfilePage() {
  const { user, reload } = useSession();
  const { notice } = useFeedback();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 640 }}>
      <Title title="Profile" />
      <ProfileForm
        user={user}
        onSaved={reload}
        notify={(n, tone) => notice({ ...n, tone, autoCloseMs: tone === 'success' ? TOAST_AUTO_CLOSE_MS : undefined })}
        heading={
          <Typography variant="h5" component="h1">
            My profile
          </Typography>
        }
      />
      <Box sx={{ mt: 2 }}>
        <ChangePasswordCard email={user.email} />
      </Box>
    </Box>
  );
}
