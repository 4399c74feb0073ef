import { Box, CircularProgress } from '@mui/material';

/** Shown while a page loads on demand or the session is first loaded. */
export function Spinner({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <Box
      role="progressbar"
      aria-label="Loading"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: fullPage ? '100vh' : 240 }}
    >
      <CircularProgress />
    </Box>
  );
}
