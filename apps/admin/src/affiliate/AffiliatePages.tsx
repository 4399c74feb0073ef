import type { AffiliateProfile } from '@chairline/shared';
import { Alert, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { Spinner } from '../common/Spinner';
import { formatMoney } from '@chairline/shared/pricing';
import { ReferralLinks } from './ReferralLinks';
import { useAffiliateData, type ProfileState } from './useAffiliateProfile';

export function Failed() {
  return <Alert severity="error">We could not load your affiliate profile. Please refresh the page.</Alert>;
}

/** A labelled figure on a card (dashboard, analytics, payouts). */
export function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" sx={{ fontWeight: 700, wordBreak: 'break-word' }} aria-label={label}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

function Overview({ profile }: { profile: AffiliateProfile }) {
  const stats = useAffiliateData((dp) => dp.getAffiliateAnalytics());
  const money = useAffiliateData((dp) => dp.getAffiliatePayouts());
  if (stats.error || money.error) return <Alert severity="error">{stats.error ?? money.error}</Alert>;
  if (!stats.data || !money.data) return <Spinner />;
  const c = money.data.currency;
  const figures: Array<[string, string | number]> = [
    ['Clicks (30 days)', stats.data.clicks],
    ['Sign-ups (30 days)', stats.data.signups],
    ['Pending commission', formatMoney(money.data.pending, c, { cents: 'always' })],
    ['Available to pay out', formatMoney(money.data.available, c, { cents: 'always' })],
  ];
  return (
    <Grid container spacing={2}>
      {figures.map(([label, value]) => (
        <Grid key={label} size={{ xs: 6, md: 3 }}>
          <Figure label={label} value={value} />
        </Grid>
      ))}
      <Grid size={12}>
        <Typography variant="body2" color="text.secondary">
          You earn {profile.commission_percent}% of every payment of the shops you refer, for their first {profile.commission_months} months.
          Commissions wait 30 days (the refund window) before they can be paid out.
        </Typography>
      </Grid>
    </Grid>
  );
}

export function AffiliateDashboard({ state }: { state: ProfileState }) {
  if (state.kind === 'loading') return <Spinner />;
  if (state.kind === 'error') return <Failed />;
  const { profile } = state;
  return (
    <Stack spacing={3}>
      <div>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 800 }}>
          Welcome, {profile.name.split(' ')[0] || profile.name}
        </Typography>
        <Typography color="text.secondary">Share your link. Every shop that subscribes through it earns you {profile.commission_percent}%.</Typography>
      </div>
      <ReferralLinks profile={profile} />
      <Overview profile={profile} />
    </Stack>
  );
}
