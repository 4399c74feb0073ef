import AccessTimeIcon from '@mui/icons-material/AccessTime';
import ChairOutlinedIcon from '@mui/icons-material/ChairOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import HowToRegOutlinedIcon from '@mui/icons-material/HowToRegOutlined';
import { formatDay, formatInShopZone, type ShopStats } from '@chairline/shared';
import { Box, Card, Typography } from '@mui/material';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { Spinner } from '../common/Spinner';
import { useLiveRefresh } from '../common/use-live-refresh';
import { BRAND_COLOR } from '../layout/brand';
import { useSession } from '../layout/session';
import { usageBar } from '../layout/usage';
import { dataProvider } from '../providers';
import { GettingStartedCard } from './GettingStartedCard';
import { hourLabel, monthLimitLabel, waitLabel } from './home-format';
import { errorText } from '../common/error-text';

// The charts (recharts) load on their own, started as Home mounts, alongside the first figures:
// /dashboard's first download carries no chart library. Home shows its spinner until both are in,
// so the tiles and the charts appear together.
const loadCharts = () => import('./HomeCharts');
const CheckInsPerDay = lazy(() => loadCharts().then((m) => ({ default: m.CheckInsPerDay })));
const TurnsPerBarber = lazy(() => loadCharts().then((m) => ({ default: m.TurnsPerBarber })));
const BusiestHours = lazy(() => loadCharts().then((m) => ({ default: m.BusiestHours })));

function Tile({ label, value, hint, icon, accent }: { label: string; value: ReactNode; hint?: ReactNode; icon: ReactNode; accent: string }) {
  return (
    <Card component="section" aria-label={label} sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'flex-start', flexDirection: { xs: 'column', sm: 'row' } }}>
      <Box sx={{ width: 40, height: 40, borderRadius: 2, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: `${accent}1a`, color: accent, flexShrink: 0 }}>
        {icon}
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography data-testid="tile-value" sx={{ fontSize: { xs: 24, sm: 28 }, fontWeight: 800, lineHeight: 1.2, whiteSpace: 'nowrap' }}>
          {value}
        </Typography>
        {hint && <Box sx={{ mt: 0.5 }}>{hint}</Box>}
      </Box>
    </Card>
  );
}

function ChartCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="h6">{title}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {subtitle}
      </Typography>
      <Box sx={{ height: 240 }}>{children}</Box>
    </Card>
  );
}

/** Home: today at a glance and the last 30 days, refreshed live as the queue moves. */
export function HomePage() {
  const { user } = useSession();
  const [stats, setStats] = useState<ShopStats | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setStats(await dataProvider.getStats());
      setError(null);
    } catch (e) {
      setError(errorText(e));
    }
  }, []);

  // One request for the first figures: the live stream's opening makes it (see useLiveRefresh).
  const { live } = useLiveRefresh(user.shop_username, () => void load(), { loadsFirst: true });
  useEffect(() => void loadCharts().catch(() => undefined), []);

  if (!stats) {
    return error ? (
      <Typography color="error" role="alert">
        {error}
      </Typography>
    ) : (
      <Spinner />
    );
  }

  const month = usageBar(stats.month.check_ins, stats.month.limit, stats.month.limit);
  const perDay = stats.check_ins_per_day.map((d) => ({ ...d, label: formatDay(d.date, 'd MMM') }));
  const hours = stats.busiest_hours.map((h) => ({ ...h, label: hourLabel(h.hour) }));
  return (
    <Suspense fallback={<Spinner />}>
      <Box data-live={live ? 'on' : 'off'}>
        <Box sx={{ mb: 3 }}>
          <Typography variant="h5" component="h1">
            {user.shop_name || 'Home'}
          </Typography>
          <Typography color="text.secondary">Today at a glance · {formatInShopZone(new Date(), user.shop_time_zone, 'EEEE d MMMM')}</Typography>
        </Box>
        {/* The setup checklist is for the shop's admins: its first step is in Settings, which managers cannot open. */}
        {user.role === 'admin' && <GettingStartedCard />}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)', lg: 'repeat(5, 1fr)' }, gap: 2, mb: 3 }}>
          <Tile label="Waiting now" value={stats.today.waiting} icon={<HourglassEmptyIcon />} accent="#f59e0b" />
          <Tile label="In service" value={stats.today.in_service} icon={<ChairOutlinedIcon />} accent={BRAND_COLOR} />
          <Tile label="Served today" value={stats.today.served} hint={<Typography variant="caption" color="text.secondary">{stats.today.check_ins} checked in today</Typography>} icon={<CheckCircleOutlineIcon />} accent="#16a34a" />
          <Tile label="Average wait" value={waitLabel(stats.today.average_wait_minutes)} icon={<AccessTimeIcon />} accent="#6366f1" />
          <Tile
            label="Check-ins this month"
            value={stats.month.check_ins}
            icon={<HowToRegOutlinedIcon />}
            accent="#0ea5e9"
            hint={
              <Box>
                <Typography variant="caption" color="text.secondary">
                  {monthLimitLabel(stats.month.limit)}
                </Typography>
                {!month.unlimited && (
                  <Box sx={{ height: 6, borderRadius: 3, bgcolor: '#eef0f3', mt: 0.5, overflow: 'hidden' }}>
                    <Box sx={{ width: `${month.percent}%`, height: '100%', background: `linear-gradient(90deg, ${month.from}, ${month.to})` }} />
                  </Box>
                )}
              </Box>
            }
          />
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, gap: 2, mb: 2 }}>
          <ChartCard title="Check-ins per day" subtitle="Last 30 days">
            <CheckInsPerDay data={perDay} />
          </ChartCard>
          <ChartCard title="Turns per barber" subtitle="Customers served, last 30 days">
            <TurnsPerBarber data={stats.turns_per_barber} />
          </ChartCard>
        </Box>
        <ChartCard title="Busiest hours" subtitle="Check-ins by hour of day, last 30 days">
          <BusiestHours data={hours} />
        </ChartCard>
      </Box>
    </Suspense>
  );
}
