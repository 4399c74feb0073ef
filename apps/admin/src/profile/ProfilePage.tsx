import { Avatar, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { checkProfilePhoto, checkProfileUpdate, profileUpdateOutcome, type ProfileFields } from '@chairline/shared';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Title } from 'react-admin';
import { imageUrl } from '../common/image-url';
import { useSession } from '../layout/session';
import { http } from '../providers';
import { ChangePasswordCard } from './ChangePasswordCard';
import { NoticeDialog, type Notice } from './NoticeDialog';

/** The profile edit screen for admins and managers, with the shared profile rules and messages. */
export function ProfilePage() {
  const { user, reload } = useSession();
  const initial: ProfileFields = useMemo(
    () => ({ name: user.name, phone_no: user.phone_no, booking_url: user.booking_url }),
    [user.name, user.phone_no, user.booking_url],
  );
  const [fields, setFields] = useState<ProfileFields>(initial);
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const close = useCallback(() => setNotice(null), []);

  useEffect(() => setFields(initial), [initial]);
  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const choosePhoto = (file: File | undefined) => {
    if (!file) return;
    const problem = checkProfilePhoto(file);
    if (problem) {
      setNotice({ ...problem, kind: 'error' });
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setPhoto(file);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = checkProfileUpdate(initial, fields, photo !== null);
    if (problem) {
      setNotice({ ...problem, kind: problem.title === 'No Changes' ? 'info' : 'error' });
      return;
    }
    const form = new FormData();
    form.append('name', fields.name.trim());
    form.append('phone_no', fields.phone_no.trim());
    form.append('booking_url', fields.booking_url.trim());
    if (photo) form.append('profile_photo', photo);
    setBusy(true);
    let outcome;
    try {
      outcome = profileUpdateOutcome(await http.post('/update-barber-profile/', form));
    } catch (err) {
      outcome = profileUpdateOutcome(undefined, err);
    }
    setBusy(false);
    setNotice({ ...outcome.notice, kind: outcome.ok ? 'success' : 'error' });
    if (outcome.ok) {
      setPhoto(null);
      if (fileInput.current) fileInput.current.value = '';
      await reload();
    }
  };

  const avatar = preview ?? imageUrl(user.profile_photo ?? user.profile_pic);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 640 }}>
      <Title title="Profile" />
      <Card variant="outlined">
        <CardContent component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="h5" component="h1">
            My profile
          </Typography>
          <Stack direction="row" gap={2} sx={{ alignItems: 'center' }}>
            <Avatar src={avatar} alt={user.name} sx={{ width: 80, height: 80, fontSize: 32 }}>
              {(user.name || user.email || 'U').charAt(0).toUpperCase()}
            </Avatar>
            <input ref={fileInput} hidden type="file" accept="image/*" aria-label="Profile photo" onChange={(e) => choosePhoto(e.target.files?.[0])} />
            <Button variant="outlined" onClick={() => fileInput.current?.click()}>
              Change photo
            </Button>
          </Stack>
          <TextField label="Full Name" value={fields.name} onChange={(e) => setFields({ ...fields, name: e.target.value })} required fullWidth />
          <TextField label="Email" value={user.email} disabled fullWidth helperText="Your sign-in email cannot be changed here." />
          <TextField label="Phone" type="tel" value={fields.phone_no} onChange={(e) => setFields({ ...fields, phone_no: e.target.value })} required placeholder="123-456-7890" fullWidth />
          <TextField label="Booking URL" type="url" value={fields.booking_url} onChange={(e) => setFields({ ...fields, booking_url: e.target.value })} placeholder="https://" fullWidth />
          <Box>
            <Button type="submit" variant="contained" disabled={busy}>
              {busy ? 'Updating...' : 'Update Profile'}
            </Button>
          </Box>
        </CardContent>
      </Card>
      <Box sx={{ mt: 2 }}>
        <ChangePasswordCard email={user.email} />
      </Box>
      <NoticeDialog notice={notice} onClose={close} />
    </Box>
  );
}
