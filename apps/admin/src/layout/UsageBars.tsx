import { Box, Typography } from '@mui/material';
import type { UsageBar } from './usage';

function Bar({ title, bar, testId }: { title: string; bar: UsageBar; testId: string }) {
  return (
    <Box sx={{ mb: 1.25 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="caption" sx={{ fontWeight: 600, color: 'text.secondary' }}>
          {title}
        </Typography>
        <Typography variant="caption" sx={{ fontWeight: 600 }}>
          {bar.label}
        </Typography>
      </Box>
      <Box
        role="progressbar"
        aria-label={title}
        aria-valuenow={bar.percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={bar.label}
        data-testid={testId}
        data-band={bar.band}
        sx={{ height: 8, borderRadius: 4, bgcolor: '#eef0f3', overflow: 'hidden' }}
      >
        <Box
          data-fill
          sx={{ width: `${bar.percent}%`, height: '100%', borderRadius: 4, background: `linear-gradient(90deg, ${bar.from}, ${bar.to})`, transition: 'width 300ms ease' }}
        />
      </Box>
    </Box>
  );
}

export function UsageBars({ checkIns, barbers }: { checkIns: UsageBar; barbers: UsageBar }) {
  return (
    <Box sx={{ pt: 1 }}>
      <Bar title="Check-ins this month" bar={checkIns} testId="usage-check-ins" />
      <Bar title="Barbers" bar={barbers} testId="usage-barbers" />
    </Box>
  );
}
