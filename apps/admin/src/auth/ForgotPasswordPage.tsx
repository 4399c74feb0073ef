import { email as emailSchema, MESSAGES } from '@chairline/shared';
import { Box, Button, Link, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { authProvider } from '../providers';
import { AuthLayout } from './AuthLayout';
import { FormMessage, type Message } from './FormMessage';
import { ADMIN_PATHS } from '@chairline/shared/routes';
import { errorText } from '../common/error-text';

/** POST /api/auth/forgot-password/: the same answer whether or not the address has an account. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setMessage({ kind: 'error', text: email.trim() === '' ? MESSAGES.fillAllFields : (parsed.error.issues[0]?.message ?? MESSAGES.somethingWrong) });
      return;
    }
    setBusy(true);
    try {
      setMessage({ kind: 'success', text: await authProvider.forgotPassword(parsed.data) });
    } catch (error) {
      setMessage({ kind: 'error', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout>
      <Box component="form" noValidate onSubmit={submit} aria-label="Forgot password">
        <Typography component="h1" variant="h4" sx={{ fontWeight: 800, letterSpacing: '-0.02em' }}>
          Forgot your password?
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
          Enter your email and we'll send you a link to choose a new one.
        </Typography>
        <FormMessage message={message} />
        <TextField label="Email" type="email" name="email" autoComplete="email" autoFocus fullWidth value={email} onChange={(e) => setEmail(e.target.value)} />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 3, py: 1.25 }}>
          {busy ? 'Sending…' : 'Send reset link'}
        </Button>
        <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
          <Link component={RouterLink} to={ADMIN_PATHS.login} underline="hover">
            Back to sign in
          </Link>
        </Typography>
      </Box>
    </AuthLayout>
  );
}
