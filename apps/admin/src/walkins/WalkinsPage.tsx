import { Typography } from '@mui/material';

export function WalkinsPage() {
  return <Typography variant="h5">Walk-ins</Typography>;
}
