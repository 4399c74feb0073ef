import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { OWN_PASSWORD_MESSAGES, ownPasswordFormError } from '@chairline/shared';
import { useState, type FormEvent } from 'react';
import { useDataProvider } from 'react-admin';
import type { ChairlineDataProvider } from '@chairline/data-provider';
import { errorText } from '../common/error-text';

type Result = { kind: 'success' | 'error'; text: string } | null;

const EMPTY = { current_password: '', new_password: '', confirm_password: '' };

/**
 * "Change password" on Profile, for every signed-in shop user: the current password, the new one
 * twice. This device stays signed in; the server signs the account out everywhere else.
 */
export function ChangePasswordCard({ email, variant = 'outlined' }: { email: string; variant?: 'outlined' | 'elevation' }) {
  const [values, setValues] = useState(EMPTY);
  const [result, setResult] = useState<Result>(null);
  const [busy, setBusy] = useState(false);
  const dataProvider = useDataProvider<ChairlineDataProvider>();
  const set = (field: keyof typeof EMPTY) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = ownPasswordFormError(values);
    if (problem) return setResult({ kind: 'error', text: problem });
    setBusy(true);
    setResult(null);
    try {
      const confirmation = await dataProvider.changeOwnPassword(values.current_password, values.new_password);
      setValues(EMPTY);
      setResult({ kind: 'success', text: confirmation || OWN_PASSWORD_MESSAGES.changed });
    } catch (err) {
      setResult({ kind: 'error', text: errorText(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card variant={variant}>
      <CardContent component="form" noValidate onSubmit={submit} aria-label="Change password" sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          Change password
        </Typography>
        {/* Password managers (and Chrome's form checks) need the account's username beside its
            password fields to know which saved password to update. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <Stack spacing={2} sx={{ maxWidth: 560 }}>
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={values.current_password}
            onChange={(e) => set('current_password')(e.target.value)}
            fullWidth
          />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            helperText="At least 8 characters."
            value={values.new_password}
            onChange={(e) => set('new_password')(e.target.value)}
            fullWidth
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            value={values.confirm_password}
            onChange={(e) => set('confirm_password')(e.target.value)}
            fullWidth
          />
        </Stack>
        {result && (
          <Alert severity={result.kind} role={result.kind === 'error' ? 'alert' : 'status'}>
            {result.text}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Changing…' : 'Change password'}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
