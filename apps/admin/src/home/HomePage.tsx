import { Typography } from '@mui/material';

export function HomePage() {
  return <Typography variant="h5">Home</Typography>;
}
