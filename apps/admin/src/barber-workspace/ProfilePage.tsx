import { TOAST_AUTO_CLOSE_MS, type SessionUser } from '@chairline/shared';
import { Stack, Typography } from '@mui/material';
import { ChangePasswordCard } from '../profile/ChangePasswordCard';
import { ProfileForm } from '../profile/ProfileForm';
import { useFeedback } from '../common/feedback';
import { useRequirePin } from './pin';

/** The barber's profile: the shared profile form behind the PIN, and the password card. */
export function ProfilePage({ user, onSaved }: { user: SessionUser; onSaved: () => Promise<void> }) {
  const { notice } = useFeedback();
  const requirePin = useRequirePin();
  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 800 }}>
        Profile
      </Typography>
      <ProfileForm
        user={user}
        onSaved={onSaved}
        confirm={requirePin}
        notify={(n, tone) => notice({ ...n, tone, autoCloseMs: tone === 'success' ? TOAST_AUTO_CLOSE_MS : undefined })}
      />
      <ChangePasswordCard email={user.email} variant="elevation" />
    </Stack>
  );
}
