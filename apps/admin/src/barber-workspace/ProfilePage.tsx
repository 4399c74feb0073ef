import { checkProfilePhoto, checkProfileUpdate, PROFILE_TEXTS, type ProfileFields, type SessionUser } from '@chairline/shared';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Avatar, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { imageUrl } from '../common/image-url';
import { ChangePasswordCard } from '../profile/ChangePasswordCard';
import { dataProvider } from '../providers';
import { useFeedback } from './feedback';
import { useRequirePin } from './pin';

const SUCCESS_CLOSE_MS = 2000;

export function ProfilePage({ user, onSaved }: { user: SessionUser; onSaved: () => Promise<void> }) {
  const { notice } = useFeedback();
  const requirePin = useRequirePin();
  const initial = useMemo<ProfileFields>(() => ({ name: user.name, phone_no: user.phone_no, booking_url: user.booking_url }), [user]);
  const [form, setForm] = useState<ProfileFields>(initial);
  const [photo, setPhoto] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choosePhoto = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    const problem = checkProfilePhoto(file);
    if (problem) return void notice({ ...problem, tone: 'error' });
    setPhoto(file);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = checkProfileUpdate(initial, form, photo !== null);
    if (problem) return void notice({ ...problem, tone: problem.title === PROFILE_TEXTS.noChangesTitle ? 'info' : 'warning' });
    if (!(await requirePin())) return;
    setBusy(true);
    const body = new FormData();
    body.append('name', form.name.trim());
    body.append('phone_no', form.phone_no.trim());
    body.append('booking_url', form.booking_url.trim());
    if (photo) body.append('profile_photo', photo, photo.name);
    try {
      const reply = await dataProvider.updateBarberProfile(body);
      if (reply.status === 1) {
        setPhoto(null);
        await onSaved();
        await notice({ title: 'Success!', text: 'Profile updated successfully', tone: 'success', autoCloseMs: SUCCESS_CLOSE_MS });
      } else {
        await notice({ title: 'Update Failed', text: typeof reply.response === 'string' && reply.response ? reply.response : 'Failed to update profile', tone: 'error' });
      }
    } catch {
      await notice({ title: 'Error', text: 'An error occurred while updating profile', tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const set = (field: keyof ProfileFields) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 800 }}>
        Profile
      </Typography>
      <Card>
        <CardContent component="form" noValidate onSubmit={submit} aria-label="Profile">
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2.5, flexWrap: 'wrap' }}>
            <Avatar src={preview ?? imageUrl(user.profile_photo ?? user.profile_pic)} alt={user.name} sx={{ width: 96, height: 96, fontSize: 36, bgcolor: 'primary.main' }}>
              {(user.name || user.email || 'U').charAt(0).toUpperCase()}
            </Avatar>
            <Box>
              <Button variant="outlined" startIcon={<PhotoCameraIcon />} onClick={() => fileInput.current?.click()}>
                Change photo
              </Button>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {photo ? `New photo: ${photo.name}` : 'JPEG, PNG or WebP, up to 5 MB.'}
              </Typography>
              <input ref={fileInput} type="file" accept="image/*" hidden aria-label="Profile photo" onChange={(e) => choosePhoto(e.target.files?.[0])} />
            </Box>
          </Box>
          <Stack spacing={2} sx={{ mt: 3, maxWidth: 560 }}>
            <TextField label="Full Name" name="name" autoComplete="name" value={form.name} onChange={(e) => set('name')(e.target.value)} fullWidth />
            <TextField label="Email" name="email" value={user.email} disabled fullWidth />
            <TextField label="Phone" name="phone_no" type="tel" autoComplete="tel" value={form.phone_no} onChange={(e) => set('phone_no')(e.target.value)} fullWidth />
            <TextField
              label="Booking URL"
              name="booking_url"
              type="url"
              placeholder="https://"
              value={form.booking_url}
              onChange={(e) => set('booking_url')(e.target.value)}
              fullWidth
            />
          </Stack>
          <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ mt: 3 }}>
            {busy ? 'Updating…' : 'Update Profile'}
          </Button>
        </CardContent>
      </Card>
      <ChangePasswordCard email={user.email} variant="elevation" />
    </Stack>
  );
}
