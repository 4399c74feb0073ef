import { MESSAGES } from '@chairline/shared';
import { Box, Button, Checkbox, Divider, FormControlLabel, Link, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router-dom';
import { authProvider } from '../providers';
import { AuthLayout } from './AuthLayout';
import { FormMessage, type Message } from './FormMessage';
import { useGoogleConfig } from './google';
import { GoogleButton } from './GoogleButton';
import { PasswordField } from './PasswordField';
import { takeHeldSubmit, takeTypedBeforeHydration } from './held-submit';
import { usePrerenderPass } from './prerender-pass';
import { useSignInRedirect } from './useSignInRedirect';
import { ADMIN_PATHS } from '@chairline/shared/routes';

// "Remember me" keeps the email address for the next visit (tokens are always kept).
export const REMEMBERED_EMAIL_KEY = 'rememberedEmail';
/** Long enough to read 'Logged in successfully!' before the dashboard replaces the page. */
const SUCCESS_PAUSE_MS = 500;

function rememberedEmail(): string {
  try {
    return localStorage.getItem(REMEMBERED_EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}

/**
 * What the form's fields show. The sign-in is sent with this, not with the page's state: before
 * the page has taken over what was typed into the built page (a key pressed while it hydrates),
 * the state can still be empty while the person sees their email and password.
 */
function shownIn(form: HTMLFormElement): { email: string; password: string; remember: boolean } {
  const fields = new FormData(form);
  const text = (name: string) => {
    const value = fields.get(name);
    return typeof value === 'string' ? value : '';
  };
  return { email: text('email'), password: text('password'), remember: fields.has('remember') };
}

export interface LoginPageProps {
  /** 'auto' (on a dashboard path): the affiliate variant when the affiliate flag is stored. */
  variant?: 'shop' | 'affiliate' | 'auto';
}

/** The login screen, with its affiliate variant. */
export function LoginPage({ variant = 'shop' }: LoginPageProps) {
  const affiliate = variant === 'affiliate' || (variant === 'auto' && authProvider.hasAffiliateFlag());
  const redirect = useSignInRedirect();
  // Never for affiliates: they are not asked, so no request is made either.
  const { clientId: googleClientId, state: googleState } = useGoogleConfig(!affiliate);
  const navigate = useNavigate();
  // The page built ahead of time has empty fields: the kept email comes in once it is hydrated.
  const prerenderPass = usePrerenderPass();
  const [email, setEmail] = useState(() => (prerenderPass ? '' : rememberedEmail()));
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(() => !prerenderPass && rememberedEmail() !== '');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const justHydrated = useRef(prerenderPass);
  const form = useRef<HTMLFormElement>(null);
  const [sendHeld, setSendHeld] = useState(false);
  useEffect(() => {
    if (!justHydrated.current) return;
    justHydrated.current = false;
    // Right after hydration, while the page is still the built HTML: what its fields show (typed
    // before or while it hydrated) becomes the page's state now, before the next render draws the
    // fields from that state; a render from the empty starting state would wipe what the person
    // typed, and a tap on "Sign in" at that moment would send empty fields. The noted values stand
    // in for a field React had to draw again. A form sent before then is sent once that state is
    // rendered.
    const shown = form.current ? shownIn(form.current) : { email: '', password: '', remember: false };
    const typed = takeTypedBeforeHydration();
    const typedEmail = shown.email || typed.email || '';
    const typedPassword = shown.password || typed.password || '';
    const kept = rememberedEmail();
    if (typedEmail !== '') setEmail(typedEmail);
    else if (kept !== '') {
      setEmail(kept);
      setRemember(true);
    }
    if (typedPassword !== '') setPassword(typedPassword);
    if (shown.remember) setRemember(true);
    if (takeHeldSubmit()) setSendHeld(true);
  }, []);
  useEffect(() => {
    if (!sendHeld) return;
    setSendHeld(false);
    form.current?.requestSubmit();
  }, [sendHeld]);

  if (redirect && variant !== 'auto' && !prerenderPass) return <Navigate to={redirect} replace />;

  const signedIn = (to: string) => {
    setMessage({ kind: 'success', text: MESSAGES.loggedIn });
    window.setTimeout(() => navigate(to, { replace: true }), SUCCESS_PAUSE_MS);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const { email, password, remember } = shownIn(event.currentTarget);
    setEmail(email);
    setPassword(password);
    setRemember(remember);
    if (email.trim() === '' || password === '') {
      setMessage({ kind: 'error', text: MESSAGES.fillAllFields });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const { redirectTo } = await authProvider.login({ email: email.trim(), password, affiliate });
      try {
        if (remember) localStorage.setItem(REMEMBERED_EMAIL_KEY, email.trim());
        else localStorage.removeItem(REMEMBERED_EMAIL_KEY);
      } catch {
        // Storage refused: only the convenience is lost.
      }
      signedIn(redirectTo);
    } catch (error) {
      setMessage({ kind: 'error', text: error instanceof Error && error.message ? error.message : MESSAGES.somethingWrong });
      setBusy(false);
    }
  };

  const google = async (token: string) => {
    setBusy(true);
    try {
      const { redirectTo } = await authProvider.loginWithGoogle(token);
      signedIn(redirectTo);
    } catch (error) {
      setMessage({ kind: 'error', text: error instanceof Error && error.message !== MESSAGES.somethingWrong ? error.message : 'Google login failed!' });
      setBusy(false);
    }
  };

  return (
    <AuthLayout affiliate={affiliate}>
      {/* data-google-config tells tests (and tools) when the Google answer is in, and data-prerender-pass
          whether the page is still the built HTML: the page's own state, no guessing. */}
      <Box
        component="form"
        ref={form}
        noValidate
        onSubmit={submit}
        aria-label="Sign in"
        data-google-config={googleState}
        data-prerender-pass={prerenderPass ? 'true' : undefined}
      >
        <Typography component="h1" variant="h4" sx={{ fontWeight: 800, letterSpacing: '-0.02em' }}>
          Welcome back
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
          {affiliate ? 'Sign in to your affiliate account.' : 'Sign in to manage your shop.'}
        </Typography>
        <FormMessage message={message} />
        <Stack spacing={2}>
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            autoFocus
            fullWidth
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <PasswordField label="Password" name="password" autoComplete="current-password" value={password} onChange={setPassword} />
        </Stack>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 1 }}>
          <FormControlLabel control={<Checkbox name="remember" checked={remember} onChange={(e) => setRemember(e.target.checked)} />} label="Remember me" />
          <Link component={RouterLink} to={ADMIN_PATHS.forgotPassword} underline="hover" variant="body2">
            Forgot password?
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2, py: 1.25 }}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
        {!affiliate && googleClientId ? (
          <Box sx={{ mt: 3 }}>
            <Divider sx={{ mb: 2, color: 'text.secondary', fontSize: 13 }}>Or continue with</Divider>
            <GoogleButton clientId={googleClientId} onCredential={google} onError={() => setMessage({ kind: 'error', text: 'Login failed!' })} />
          </Box>
        ) : null}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
          Don't have an account?{' '}
          <Link component={RouterLink} to={affiliate ? ADMIN_PATHS.affiliateSignup : ADMIN_PATHS.signup} underline="hover" sx={{ fontWeight: 600 }}>
            Sign up
          </Link>
        </Typography>
      </Box>
    </AuthLayout>
  );
}
