import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Box, Button, Card, CardContent, Grid, Stack, TextField, Typography } from '@mui/material';
import { format } from 'date-fns';
import { useState } from 'react';
import { Spinner } from '../common/Spinner';
import { referralLink } from './referral';
import type { ProfileState } from './useAffiliateProfile';

function Failed() {
  return <Alert severity="error">We could not load your affiliate profile. Please refresh the page.</Alert>;
}

export function AffiliateDashboard({ state }: { state: ProfileState }) {
  const [copied, setCopied] = useState(false);
  if (state.kind === 'loading') return <Spinner />;
  if (state.kind === 'error') return <Failed />;
  const { profile } = state;
  const link = referralLink(window.location.origin, profile.referral_code);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // Clipboard refused (insecure origin): select the text so the person can copy it.
      (document.getElementById('referral-link') as HTMLInputElement | null)?.select();
    }
    setCopied(true);
  };
  return (
    <Stack spacing={3}>
      <Box>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 800 }}>
          Welcome, {profile.name.split(' ')[0] || profile.name}
        </Typography>
        <Typography color="text.secondary">Share your link. Every shop that subscribes through it earns you {profile.commission_percent}%.</Typography>
      </Box>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Your referral link
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <TextField id="referral-link" value={link} fullWidth size="small" slotProps={{ htmlInput: { readOnly: true, 'aria-label': 'Referral link' } }} />
            <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={copy} sx={{ whiteSpace: 'nowrap' }}>
              {copied ? 'Copied!' : 'Copy link'}
            </Button>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            Referral code: <strong>{profile.referral_code}</strong>
          </Typography>
        </CardContent>
      </Card>
      <Grid container spacing={2}>
        {[
          ['Commission', `${profile.commission_percent}%`],
          ['Member since', format(new Date(profile.created_at), 'MMM d, yyyy')],
          ['Payout email', profile.payout_email ?? profile.email],
        ].map(([label, value]) => (
          <Grid key={label} size={{ xs: 12, sm: 4 }}>
            <Card>
              <CardContent>
                <Typography variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography variant="h6" sx={{ wordBreak: 'break-word' }}>
                  {value}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}

export function AffiliateProfilePage({ state }: { state: ProfileState }) {
  if (state.kind === 'loading') return <Spinner />;
  if (state.kind === 'error') return <Failed />;
  const { profile } = state;
  const rows: Array<[string, string]> = [
    ['Name', profile.name],
    ['Email', profile.email],
    ['Payout email', profile.payout_email ?? 'Same as your email'],
    ['Referral code', profile.referral_code],
    ['Commission', `${profile.commission_percent}%`],
    ['Member since', format(new Date(profile.created_at), 'MMMM d, yyyy')],
  ];
  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 800 }}>
        My Profile
      </Typography>
      <Card>
        <CardContent component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, rowGap: 1.5 }}>
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </CardContent>
      </Card>
    </Stack>
  );
}

/** Analytics and payouts: the spec leaves their contents out; the figures come with the affiliate programme work. */
export function AffiliateComingSoon({ title, text }: { title: string; text: string }) {
  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 800 }}>
        {title}
      </Typography>
      <Card>
        <CardContent>
          <Typography>{text}</Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            These figures arrive with the affiliate programme's reporting. Your referrals are already being recorded.
          </Typography>
        </CardContent>
      </Card>
    </Stack>
  );
}
