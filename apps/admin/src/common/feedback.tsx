import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Snackbar, Typography } from '@mui/material';
import { TOAST_DURATION_MS } from '@chairline/shared';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

// The one notice system of the back office and the barber workspace: short toasts (invoice
// messages) and titled notices (profile, photo, PIN and team messages, each with a title and a
// text). Questions that need an answer ("Are you sure?", a typed value) are dialogs.tsx's.

export type Tone = 'success' | 'error' | 'warning' | 'info';

interface NoticeOptions {
  title: string;
  text: string;
  tone: Tone;
  /** Closes by itself (e.g. 2 s for 'Success!'). */
  autoCloseMs?: number;
}

interface Feedback {
  toast(text: string, tone: Tone, detail?: string): void;
  notice(options: NoticeOptions): Promise<void>;
}

const FeedbackContext = createContext<Feedback | null>(null);

export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error('useFeedback() must be used below <FeedbackProvider>');
  return feedback;
}

const ICONS: Record<Tone, ReactNode> = {
  success: <CheckCircleOutlineIcon sx={{ fontSize: 56, color: 'success.main' }} />,
  error: <ErrorOutlineIcon sx={{ fontSize: 56, color: 'error.main' }} />,
  warning: <WarningAmberIcon sx={{ fontSize: 56, color: 'warning.main' }} />,
  info: <InfoOutlinedIcon sx={{ fontSize: 56, color: 'info.main' }} />,
};

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<{ key: number; text: string; tone: Tone; detail?: string } | null>(null);
  const [notice, setNotice] = useState<(NoticeOptions & { resolve: () => void }) | null>(null);
  const noticeRef = useRef(notice);
  noticeRef.current = notice;

  const closeNotice = useCallback(() => {
    noticeRef.current?.resolve();
    setNotice(null);
  }, []);

  useEffect(() => {
    if (!notice?.autoCloseMs) return;
    const timer = setTimeout(closeNotice, notice.autoCloseMs);
    return () => clearTimeout(timer);
  }, [notice, closeNotice]);

  const value = useMemo<Feedback>(
    () => ({
      toast: (text, tone, detail) => setToast({ key: Date.now(), text, tone, detail }),
      notice: (options) =>
        new Promise<void>((resolve) => {
          noticeRef.current?.resolve();
          setNotice({ ...options, resolve });
        }),
    }),
    [],
  );

  return (
    <FeedbackContext.Provider value={value}>
      {children}
      <Snackbar
        key={toast?.key}
        open={toast !== null}
        autoHideDuration={TOAST_DURATION_MS}
        onClose={(_e, reason) => reason !== 'clickaway' && setToast(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {toast ? (
          <Alert severity={toast.tone} variant="filled" onClose={() => setToast(null)} role={toast.tone === 'error' ? 'alert' : 'status'} sx={{ minWidth: 280 }}>
            <div>{toast.text}</div>
            {toast.detail ? <Typography variant="body2" sx={{ opacity: 0.9 }}>{toast.detail}</Typography> : null}
          </Alert>
        ) : undefined}
      </Snackbar>
      <Dialog open={notice !== null} onClose={closeNotice} aria-labelledby="notice-title" aria-describedby="notice-text" maxWidth="xs" fullWidth slotProps={{ paper: { sx: { borderRadius: 3, textAlign: 'center' } } }}>
        {notice ? (
          <>
            <Box sx={{ pt: 3 }}>{ICONS[notice.tone]}</Box>
            <DialogTitle id="notice-title" sx={{ fontWeight: 700, fontSize: 22, pb: 1 }}>
              {notice.title}
            </DialogTitle>
            <DialogContent>
              <Typography id="notice-text" color="text.secondary">
                {notice.text}
              </Typography>
            </DialogContent>
            <DialogActions sx={{ justifyContent: 'center', pb: 3 }}>
              <Button variant="contained" onClick={closeNotice} autoFocus>
                OK
              </Button>
            </DialogActions>
          </>
        ) : null}
      </Dialog>
    </FeedbackContext.Provider>
  );
}
