import { Box, CircularProgress, Typography } from '@mui/material';

/**
 * Shown while a page, a part of a page or a dialog loads its data, and while the session is first
 * loaded: never an empty card. `label` adds a line of text under the spinner (the spinner's
 * accessible name stays "Loading").
 */
export function Spinner({ fullPage = false, label, minHeight }: { fullPage?: boolean; label?: string; minHeight?: number }) {
  return (
    <Box
      role="progressbar"
      aria-label="Loading"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: fullPage ? '100vh' : (minHeight ?? 240),
      }}
    >
      <CircularProgress aria-hidden />
      {label && <Typography color="text.secondary">{label}</Typography>}
    </Box>
  );
}
