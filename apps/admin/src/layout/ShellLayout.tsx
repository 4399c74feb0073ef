import { Box } from '@mui/material';
import { Suspense, type ReactNode } from 'react';
import { Spinner } from '../common/Spinner';

export function ShellLayout({ children }: { children?: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box component="main" sx={{ p: 3 }}>
        <Suspense fallback={<Spinner />}>{children}</Suspense>
      </Box>
    </Box>
  );
}
