import { Box, Typography } from '@mui/material';

/** Marks a route whose page another part of the app mounts here (replace the route element). */
export function Placeholder({ title }: { title: string }) {
  return (
    <Box sx={{ p: 4 }}>
      <Typography variant="h5">{title}</Typography>
    </Box>
  );
}
