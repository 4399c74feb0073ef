import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import InfoIcon from '@mui/icons-material/Info';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { TOAST_AUTO_CLOSE_MS, type ProfileNotice } from '@chairline/shared';
import { useEffect } from 'react';

export type Notice = ProfileNotice & { kind: 'success' | 'error' | 'info' };

const ICON = { success: <CheckCircleIcon color="success" />, error: <ErrorIcon color="error" />, info: <InfoIcon color="info" /> };

/** A titled message; successes close by themselves after 2 s. */
export function NoticeDialog({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  useEffect(() => {
    if (notice?.kind !== 'success') return;
    const t = setTimeout(onClose, TOAST_AUTO_CLOSE_MS);
    return () => clearTimeout(t);
  }, [notice, onClose]);
  return (
    <Dialog open={Boolean(notice)} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="notice-title">
      {notice && (
        <>
          <DialogTitle id="notice-title">
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              {ICON[notice.kind]}
              {notice.title}
            </Box>
          </DialogTitle>
          <DialogContent>
            <Typography>{notice.text}</Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} autoFocus>
              OK
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
