import { affiliateSignupBody, MESSAGES, signupBody, storedInvitedBy } from '@chairline/shared';
import { Box, Button, InputAdornment, Link, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router-dom';
import { authProvider, dataProvider } from '../providers';
import { AuthLayout } from './AuthLayout';
import { FormMessage, type Message } from './FormMessage';
import { PasswordField } from './PasswordField';
import { captureReferralHere } from './referral-capture';
import { useSignInRedirect } from './useSignInRedirect';
import { ADMIN_PATHS } from '@chairline/shared/routes';
import { errorText } from '../common/error-text';

/** A shop username suggested from the shop name: lowercase letters, digits and dashes. */
export function suggestUsername(shopName: string): string {
  return shopName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
}

/** The browser's IANA time zone, or UTC when it has none. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every zone the browser knows, with the given one (the browser's may be an alias) kept on the list. */
function timeZoneChoices(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, 'UTC', current])].sort();
}

/** Sign-up: a shop and its admin (POST /api/auth/signup/), or an affiliate account. */
export function SignupPage({ affiliate = false }: { affiliate?: boolean }) {
  const redirect = useSignInRedirect();
  const navigate = useNavigate();
  const [form, setForm] = useState({ name: '', email: '', password: '', shop_name: '', shop_username: '', timezone: browserTimeZone(), payout_email: '' });
  const [zones] = useState(() => timeZoneChoices(form.timezone));
  const [usernameTouched, setUsernameTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);

  // A referral link may point at the sign-up page itself (`/signup?ref=CODE`).
  useEffect(() => {
    if (!affiliate) captureReferralHere(dataProvider);
  }, [affiliate]);

  if (redirect) return <Navigate to={redirect} replace />;

  const set = (field: keyof typeof form) => (value: string) =>
    setForm((f) => {
      const next = { ...f, [field]: value };
      if (field === 'shop_name' && !usernameTouched) next.shop_username = suggestUsername(value);
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const { payout_email: payoutEmail, ...shopForm } = form;
    const values = affiliate ? [form.name, form.email, form.password] : Object.values(shopForm);
    if (values.some((v) => v.trim() === '')) {
      setMessage({ kind: 'error', text: MESSAGES.fillAllFields });
      return;
    }
    const parsed = affiliate ? affiliateSignupBody.safeParse(form) : signupBody.safeParse(shopForm);
    if (!parsed.success) {
      setMessage({ kind: 'error', text: parsed.error.issues[0]?.message ?? MESSAGES.somethingWrong });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const { redirectTo } = affiliate
        ? await authProvider.affiliateSignup({ name: form.name, email: form.email, password: form.password, payout_email: payoutEmail })
        : await authProvider.signup({ ...signupBody.parse(shopForm), invited_by: storedInvitedBy(window.localStorage, Date.now()) });
      setMessage({ kind: 'success', text: 'Account created!' });
      navigate(redirectTo, { replace: true });
    } catch (error) {
      setMessage({ kind: 'error', text: errorText(error) });
      setBusy(false);
    }
  };

  return (
    <AuthLayout affiliate={affiliate}>
      <Box component="form" noValidate onSubmit={submit} aria-label="Sign up">
        <Typography component="h1" variant="h4" sx={{ fontWeight: 800, letterSpacing: '-0.02em' }}>
          {affiliate ? 'Become an affiliate' : 'Create your shop'}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
          {affiliate ? 'Earn rewards for every shop you bring.' : 'Start your free trial in under a minute.'}
        </Typography>
        <FormMessage message={message} />
        <Stack spacing={2}>
          <TextField label="Full name" name="name" autoComplete="name" fullWidth value={form.name} onChange={(e) => set('name')(e.target.value)} />
          <TextField label="Email" type="email" name="email" autoComplete="email" fullWidth value={form.email} onChange={(e) => set('email')(e.target.value)} />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="new-password"
            value={form.password}
            onChange={set('password')}
            helperText="At least 8 characters."
          />
          {affiliate ? (
            <TextField
              label="Payout email (optional)"
              type="email"
              name="payout_email"
              fullWidth
              value={form.payout_email}
              helperText="Where we send your payouts, if not your sign-in email."
              onChange={(e) => set('payout_email')(e.target.value)}
            />
          ) : (
            <>
              <TextField label="Shop name" name="shop_name" fullWidth value={form.shop_name} onChange={(e) => set('shop_name')(e.target.value)} />
              <TextField
                label="Shop username"
                name="shop_username"
                fullWidth
                value={form.shop_username}
                helperText="Your check-in page address. Lowercase letters, digits and dashes."
                onChange={(e) => {
                  setUsernameTouched(true);
                  set('shop_username')(e.target.value.toLowerCase());
                }}
                slotProps={{ input: { startAdornment: <InputAdornment position="start">/shop/</InputAdornment> } }}
              />
              <TextField
                select
                label="Time zone"
                name="timezone"
                fullWidth
                value={form.timezone}
                helperText="Your shop's opening hours and today's line follow this zone. Taken from this browser; change it if the shop is elsewhere."
                onChange={(e) => set('timezone')(e.target.value)}
                slotProps={{ select: { native: true } }}
              >
                {zones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replace(/_/g, ' ')}
                  </option>
                ))}
              </TextField>
            </>
          )}
        </Stack>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 3, py: 1.25 }}>
          {busy ? 'Creating account…' : 'Create account'}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
          Already have an account?{' '}
          <Link component={RouterLink} to={affiliate ? ADMIN_PATHS.affiliateLogin : ADMIN_PATHS.login} underline="hover" sx={{ fontWeight: 600 }}>
            Sign in
          </Link>
        </Typography>
      </Box>
    </AuthLayout>
  );
}
