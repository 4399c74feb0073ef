import { Area, AreaChart, Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ShopStats } from '@chairline/shared';
import { BRAND_COLOR } from '../layout/brand';

// Home's charts, in their own module so recharts is downloaded only by the page that draws it.

/** Check-ins per day over the last 30 days. */
export function CheckInsPerDay({ data }: { data: { label: string; count: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <AreaChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: -16 }}>
        <defs>
          <linearGradient id="checkins-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={BRAND_COLOR} stopOpacity={0.28} />
            <stop offset="100%" stopColor={BRAND_COLOR} stopOpacity={0.02} />
          </linearGradient>
        </defs>
        <CartesianGrid strokeDasharray="3 3" stroke="#eef0f3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={16} />
        <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
        <Tooltip />
        <Area type="linear" dataKey="count" name="Check-ins" stroke={BRAND_COLOR} strokeWidth={2.5} fill="url(#checkins-fill)" />
      </AreaChart>
    </ResponsiveContainer>
  );
}

/** Customers served per barber over the last 30 days. */
export function TurnsPerBarber({ data }: { data: ShopStats['turns_per_barber'] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} layout="vertical" margin={{ top: 0, right: 12, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#eef0f3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11 }} />
        <YAxis type="category" dataKey="name" width={80} tick={{ fontSize: 12 }} />
        <Tooltip />
        <Bar dataKey="turns" name="Turns" fill={BRAND_COLOR} radius={[0, 4, 4, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Check-ins by hour of day over the last 30 days. */
export function BusiestHours({ data }: { data: { label: string; count: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#eef0f3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 11 }} />
        <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
        <Tooltip />
        <Bar dataKey="count" name="Check-ins" fill="#f59e0b" radius={[4, 4, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
