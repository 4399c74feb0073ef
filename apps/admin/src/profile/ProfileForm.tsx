import { checkProfilePhoto, checkProfileUpdate, PROFILE_TEXTS, profileUpdateOutcome, type ProfileFields, type ProfileNotice, type SessionUser } from '@chairline/shared';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Avatar, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { imageUrl } from '../common/image-url';
import { dataProvider } from '../providers';

export type ProfileTone = 'success' | 'info' | 'error';

export interface ProfileFormProps {
  user: SessionUser;
  /** Shows the form's outcome, or what is wrong with what was typed, in the screen's own notices. */
  notify: (notice: ProfileNotice, tone: ProfileTone) => void | Promise<void>;
  /** Asked before saving (the barber's PIN); false stops the save. */
  confirm?: () => Promise<boolean>;
  /** Reloads the signed-in user after a save. */
  onSaved: () => Promise<void>;
  /** Shown at the top of the card. */
  heading?: ReactNode;
}

/**
 * The one profile form of the back office (owner, manager and barber): name, phone, booking link
 * and photo, checked with the shared profile rules, saved through the data provider, and answered
 * with the shared profile texts.
 */
export function ProfileForm({ user, notify, confirm, onSaved, heading }: ProfileFormProps) {
  const initial = useMemo<ProfileFields>(() => ({ name: user.name, phone_no: user.phone_no, booking_url: user.booking_url }), [user.name, user.phone_no, user.booking_url]);
  const [fields, setFields] = useState<ProfileFields>(initial);
  const [photo, setPhoto] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  useEffect(() => setFields(initial), [initial]);

  const choosePhoto = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    const problem = checkProfilePhoto(file);
    if (problem) return void notify(problem, 'error');
    setPhoto(file);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = checkProfileUpdate(initial, fields, photo !== null);
    if (problem) return void notify(problem, problem.title === PROFILE_TEXTS.noChangesTitle ? 'info' : 'error');
    if (confirm && !(await confirm())) return;
    const form = new FormData();
    form.append('name', fields.name.trim());
    form.append('phone_no', fields.phone_no.trim());
    form.append('booking_url', fields.booking_url.trim());
    if (photo) form.append('profile_photo', photo, photo.name);
    setBusy(true);
    let outcome;
    try {
      outcome = profileUpdateOutcome({ body: await dataProvider.updateBarberProfile(form) });
    } catch (err) {
      outcome = profileUpdateOutcome(undefined, err);
    }
    setBusy(false);
    if (outcome.ok) {
      setPhoto(null);
      await onSaved();
    }
    await notify(outcome.notice, outcome.ok ? 'success' : 'error');
  };

  const set = (field: keyof ProfileFields) => (value: string) => setFields((f) => ({ ...f, [field]: value }));

  return (
    <Card variant="outlined">
      <CardContent component="form" noValidate onSubmit={submit} aria-label="Profile" sx={{ display: 'grid', gap: 2 }}>
        {heading}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2.5, flexWrap: 'wrap' }}>
          <Avatar src={preview ?? imageUrl(user.profile_photo ?? user.profile_pic)} alt={user.name} sx={{ width: 88, height: 88, fontSize: 34 }}>
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
        <Stack spacing={2} sx={{ maxWidth: 560 }}>
          <TextField label="Full Name" name="name" autoComplete="name" value={fields.name} onChange={(e) => set('name')(e.target.value)} required fullWidth />
          <TextField
            label="Email"
            name="email"
            value={user.email}
            disabled
            fullWidth
            helperText="Your sign-in email cannot be changed here."
            // A disabled field greys its hint below readable contrast; the hint is information, not a control.
            slotProps={{ formHelperText: { sx: { '&, &.Mui-disabled': { color: 'text.secondary' } } } }}
          />
          <TextField
            label="Phone"
            name="phone_no"
            type="tel"
            autoComplete="tel"
            value={fields.phone_no}
            onChange={(e) => set('phone_no')(e.target.value)}
            required
            placeholder="123-456-7890"
            fullWidth
          />
          <TextField label="Booking URL" name="booking_url" type="url" placeholder="https://" value={fields.booking_url} onChange={(e) => set('booking_url')(e.target.value)} fullWidth />
        </Stack>
        <Box>
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? 'Updating…' : 'Update Profile'}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
