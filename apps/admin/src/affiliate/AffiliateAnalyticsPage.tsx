import type { AffiliateAnalytics } from '@chairline/shared';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Button, Card, CardContent, Grid, Stack, TextField, Typography } from '@mui/material';
import { format, subDays } from 'date-fns';
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Spinner } from '../common/Spinner';
import { Figure } from './AffiliatePages';
import { formatMoney } from '@chairline/shared/pricing';
import { dataProvider } from '../providers';
import { saveFile } from '../common/save-file';
import { useAffiliateData } from './useAffiliateProfile';
import { errorText } from '../common/error-text';

const day = (d: Date) => format(d, 'yyyy-MM-dd');

function Charts({ data }: { data: AffiliateAnalytics }) {
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              Clicks and sign-ups
            </Typography>
            <ResponsiveContainer width="100%" height={260}>
              <LineChart data={data.daily}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="day" tickFormatter={(d: string) => d.slice(5)} />
                <YAxis allowDecimals={false} />
                <Tooltip />
                <Legend />
                <Line type="monotone" dataKey="clicks" name="Clicks" stroke="#2563eb" dot={false} />
                <Line type="monotone" dataKey="signups" name="Sign-ups" stroke="#16a34a" dot={false} />
              </LineChart>
            </ResponsiveContainer>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              Commissions by month
            </Typography>
            {data.monthly_commissions.length === 0 ? (
              <Typography color="text.secondary">No commissions in this range yet.</Typography>
            ) : (
              <ResponsiveContainer width="100%" height={260}>
                <BarChart data={data.monthly_commissions}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="month" />
                  <YAxis />
                  <Tooltip formatter={(v) => formatMoney(Number(v), data.currency, { cents: 'always' })} />
                  <Legend />
                  <Bar dataKey="earned" name="Earned" fill="#16a34a" />
                  <Bar dataKey="reversed" name="Reversed" fill="#dc2626" />
                </BarChart>
              </ResponsiveContainer>
            )}
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}

/** /affiliate/marketing/dashboard/analytics: the affiliate's own funnel and earnings over a range. */
export function AffiliateAnalyticsPage() {
  const [range, setRange] = useState({ from: day(subDays(new Date(), 29)), to: day(new Date()) });
  const [exportError, setExportError] = useState<string | null>(null);
  const { data, error } = useAffiliateData((dp) => dp.getAffiliateAnalytics(range), JSON.stringify(range));
  const exportCsv = () =>
    dataProvider
      .exportAffiliateAnalytics(range)
      .then(saveFile)
      .catch((err: unknown) => setExportError(errorText(err)));
  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 800 }}>
          Analytics
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField label="From" type="date" size="small" value={range.from} onChange={(e) => e.target.value && setRange({ ...range, from: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField label="To" type="date" size="small" value={range.to} onChange={(e) => e.target.value && setRange({ ...range, to: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
          <Button startIcon={<DownloadIcon />} onClick={exportCsv}>
            Export CSV
          </Button>
        </Stack>
      </Stack>
      {error || exportError ? <Alert severity="error">{error ?? exportError}</Alert> : null}
      {!data ? (
        error ? null : <Spinner />
      ) : (
        <>
          <Grid container spacing={2}>
            {(
              [
                ['Clicks', data.clicks],
                ['Sign-ups', data.signups],
                ['Trials', data.trials],
                ['Paying shops', data.paying_shops],
                ['Click → sign-up', `${data.click_to_signup_rate}%`],
                ['Sign-up → paying', `${data.signup_to_paying_rate}%`],
                ['Monthly recurring revenue referred', formatMoney(data.mrr, data.currency, { cents: 'always' })],
                ['Commissions (net)', formatMoney(data.commissions_total, data.currency, { cents: 'always' })],
              ] as Array<[string, string | number]>
            ).map(([label, value]) => (
              <Grid key={label} size={{ xs: 6, md: 3 }}>
                <Figure label={label} value={value} />
              </Grid>
            ))}
          </Grid>
          <Charts data={data} />
        </>
      )}
    </Stack>
  );
}
