import { MESSAGES, password as passwordSchema } from '@chairline/shared';
import { Box, Button, Link, Stack, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { authProvider } from '../providers';
import { AuthLayout } from './AuthLayout';
import { FormMessage, type Message } from './FormMessage';
import { PasswordField } from './PasswordField';
import { ADMIN_PATHS } from '@chairline/shared/routes';
import { errorText } from '../common/error-text';

/** /reset-password/{token} or /reset-password/?token=: choose a new password. */
export function ResetPasswordPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const token = params.token ?? search.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [message, setMessage] = useState<Message>(token ? null : { kind: 'error', text: MESSAGES.resetInvalid });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) return setMessage({ kind: 'error', text: MESSAGES.resetInvalid });
    if (password === '' || confirm === '') return setMessage({ kind: 'error', text: MESSAGES.fillAllFields });
    const parsed = passwordSchema.safeParse(password);
    if (!parsed.success) return setMessage({ kind: 'error', text: parsed.error.issues[0]?.message ?? MESSAGES.somethingWrong });
    if (password !== confirm) return setMessage({ kind: 'error', text: 'The two passwords do not match.' });
    setBusy(true);
    try {
      setMessage({ kind: 'success', text: await authProvider.resetPassword(token, password) });
      setDone(true);
    } catch (error) {
      setMessage({ kind: 'error', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout>
      <Box component="form" noValidate onSubmit={submit} aria-label="Reset password">
        <Typography component="h1" variant="h4" sx={{ fontWeight: 800, letterSpacing: '-0.02em' }}>
          Choose a new password
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
          Use at least 8 characters.
        </Typography>
        <FormMessage message={message} />
        {done ? (
          <Button component={RouterLink} to={ADMIN_PATHS.login} variant="contained" size="large" fullWidth sx={{ py: 1.25 }}>
            Sign in
          </Button>
        ) : (
          <>
            <Stack spacing={2}>
              <PasswordField label="New password" name="password" autoComplete="new-password" value={password} onChange={setPassword} />
              <PasswordField label="Confirm new password" name="confirm" autoComplete="new-password" value={confirm} onChange={setConfirm} />
            </Stack>
            <Button type="submit" variant="contained" size="large" fullWidth disabled={busy || !token} sx={{ mt: 3, py: 1.25 }}>
              {busy ? 'Saving…' : 'Reset password'}
            </Button>
          </>
        )}
        <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
          <Link component={RouterLink} to={ADMIN_PATHS.forgotPassword} underline="hover">
            Request a new link
          </Link>
        </Typography>
      </Box>
    </AuthLayout>
  );
}
