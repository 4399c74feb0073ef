import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box } from '@mui/material';
import { barberUsage, checkInUsage } from '../layout/usage';
import { FloatingPrompt } from './FloatingPrompt';
import { usageAtThreshold, type PromptUser } from './rules';
import { DEFAULT_BARBER_LIMIT, DEFAULT_CHECK_IN_LIMIT } from '@chairline/shared';

/** The usage alert: the shop has used 80 % or more of its check-ins or barbers. */
export function UsageAlert({ user, raised, onClose }: { user: PromptUser; raised: boolean; onClose: () => void }) {
  const lines: string[] = [];
  if (usageAtThreshold(user.total_check_ins_this_month, user.total_check_ins, DEFAULT_CHECK_IN_LIMIT)) {
    const bar = checkInUsage(user);
    lines.push(`${bar.used} of ${bar.limit} check-ins used this month (${bar.percent}%).`);
  }
  if (usageAtThreshold(user.total_barbers, user.barber_limit, DEFAULT_BARBER_LIMIT)) {
    const bar = barberUsage(user);
    lines.push(`${bar.used} of ${bar.limit} barbers on your plan (${bar.percent}%).`);
  }
  return (
    <FloatingPrompt testId="upgrade-usage-alert" title="You're close to your plan limit" icon={<WarningAmberIcon />} accent="warning.main" action="Raise my limits" onClose={onClose} raised={raised}>
      {lines.map((line) => (
        <Box key={line}>{line}</Box>
      ))}
      <Box sx={{ mt: 0.5 }}>When the limit is reached, new check-ins are refused until next month.</Box>
    </FloatingPrompt>
  );
}
