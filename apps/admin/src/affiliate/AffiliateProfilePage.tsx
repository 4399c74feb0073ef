import { affiliatePasswordChange, affiliateProfileUpdate, type AffiliateProfile } from '@chairline/shared';
import { Alert, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Spinner } from '../common/Spinner';
import { PasswordField } from '../auth/PasswordField';
import { Failed } from './AffiliatePages';
import { dataProvider } from '../providers';
import type { ProfileState } from './useAffiliateProfile';
import { errorText } from '../common/error-text';

type Notice = { kind: 'success' | 'error'; text: string } | null;

function DetailsForm({ profile, onSaved }: { profile: AffiliateProfile; onSaved: (p: AffiliateProfile) => void }) {
  const [form, setForm] = useState({ name: profile.name, phone: profile.phone, payout_email: profile.payout_email ?? '' });
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.name === profile.name && form.phone === profile.phone && form.payout_email === (profile.payout_email ?? '')) {
      setNotice({ kind: 'error', text: 'No changes were made to update' });
      return;
    }
    const parsed = affiliateProfileUpdate.safeParse(form);
    if (!parsed.success) {
      setNotice({ kind: 'error', text: parsed.error.issues[0]?.message ?? 'Please check the form.' });
      return;
    }
    setBusy(true);
    try {
      onSaved(await dataProvider.updateAffiliateProfile(form));
      setNotice({ kind: 'success', text: 'Profile updated successfully' });
    } catch (err) {
      setNotice({ kind: 'error', text: errorText(err) });
    }
    setBusy(false);
  };
  return (
    <Card component="form" noValidate onSubmit={submit} aria-label="Profile details">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            Details
          </Typography>
          {notice ? <Alert severity={notice.kind}>{notice.text}</Alert> : null}
          <TextField label="Name" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} required />
          <TextField label="Email" value={profile.email} disabled helperText="Your sign-in email cannot be changed here." />
          <TextField label="Phone" type="tel" value={form.phone} onChange={(e) => setForm({ ...form, phone: e.target.value })} />
          <TextField
            label="Payout email"
            type="email"
            value={form.payout_email}
            placeholder={profile.email}
            helperText="Where we send your payouts; empty means your sign-in email."
            onChange={(e) => setForm({ ...form, payout_email: e.target.value })}
          />
          <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
            {busy ? 'Updating…' : 'Update Profile'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { current_password: current, new_password: next };
    const parsed = affiliatePasswordChange.safeParse(body);
    if (!parsed.success) {
      setNotice({ kind: 'error', text: parsed.error.issues[0]?.message ?? 'Please check the form.' });
      return;
    }
    setBusy(true);
    try {
      setNotice({ kind: 'success', text: await dataProvider.changeAffiliatePassword(body.current_password, body.new_password) });
      setCurrent('');
      setNext('');
    } catch (err) {
      setNotice({ kind: 'error', text: errorText(err) });
    }
    setBusy(false);
  };
  return (
    <Card component="form" noValidate onSubmit={submit} aria-label="Change password">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            Change password
          </Typography>
          {notice ? <Alert severity={notice.kind}>{notice.text}</Alert> : null}
          <PasswordField label="Current password" name="current_password" autoComplete="current-password" value={current} onChange={setCurrent} />
          <PasswordField label="New password" name="new_password" autoComplete="new-password" value={next} onChange={setNext} helperText="At least 8 characters." />
          <Button type="submit" variant="outlined" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
            {busy ? 'Changing…' : 'Change password'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** /affiliate/marketing/dashboard/profile: name, phone, payout email (email read-only) and the password. */
export function AffiliateProfilePage({ state, onSaved }: { state: ProfileState; onSaved: (p: AffiliateProfile) => void }) {
  if (state.kind === 'loading') return <Spinner />;
  if (state.kind === 'error') return <Failed />;
  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 800 }}>
        My Profile
      </Typography>
      <DetailsForm profile={state.profile} onSaved={onSaved} />
      <PasswordForm />
    </Stack>
  );
}
