import { Typography } from '@mui/material';

export function TeamPage() {
  return <Typography variant="h5">Team Members</Typography>;
}
