import { Box } from '@mui/material';
import { roleColor } from '../layout/brand';
import { capitalise } from './team-rules';

/** Capitalised role badge: manager purple, admin red, others the brand colour. */
export function RoleBadge({ role }: { role: string }) {
  const color = roleColor(role);
  return (
    <Box
      component="span"
      data-role={role}
      sx={{ display: 'inline-block', px: 1.25, py: 0.25, borderRadius: 10, fontSize: 12, fontWeight: 700, color, bgcolor: `${color}1a`, border: `1px solid ${color}40` }}
    >
      {capitalise(role)}
    </Box>
  );
}
