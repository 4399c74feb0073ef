import { PIN_LENGTH } from '@chairline/shared';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { dataProvider, storage } from '../providers';
import { useFeedback } from '../common/feedback';
import { readPinRecord, rememberPin } from './rules';

type RequirePin = () => Promise<boolean>;
const PinContext = createContext<RequirePin | null>(null);

/**
 * `requirePin()` before a protected action: resolves true when the shop needs no PIN,
 * when a verified PIN is still valid (5 minutes), or once the server accepts the PIN typed now.
 * Cancel or an empty PIN resolve false.
 */
export function useRequirePin(): RequirePin {
  const requirePin = useContext(PinContext);
  if (!requirePin) throw new Error('useRequirePin() must be used below <PinProvider>');
  return requirePin;
}

function newToken(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

export function PinProvider({ applicable, children }: { applicable: boolean; children: ReactNode }) {
  const { notice } = useFeedback();
  const [open, setOpen] = useState(false);
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const pending = useRef<((ok: boolean) => void) | null>(null);

  const finish = useCallback((ok: boolean) => {
    pending.current?.(ok);
    pending.current = null;
    setOpen(false);
    setPin('');
    setBusy(false);
  }, []);

  const requirePin = useCallback<RequirePin>(() => {
    if (!applicable) return Promise.resolve(true);
    if (readPinRecord(storage, Date.now())) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      pending.current?.(false);
      pending.current = resolve;
      setPin('');
      setOpen(true);
    });
  }, [applicable]);

  const verify = async () => {
    if (pin.trim() === '') return finish(false);
    setBusy(true);
    try {
      const reply = await dataProvider.verifyPin(pin);
      if (reply.status === 1) {
        rememberPin(storage, Date.now(), newToken());
        return finish(true);
      }
      finish(false);
      await notice({ title: 'Error', text: typeof reply.response === 'string' ? reply.response : 'Invalid PIN. Please try again.', tone: 'error' });
    } catch {
      finish(false);
      await notice({ title: 'Error', text: 'Invalid PIN. Please try again.', tone: 'error' });
    }
  };

  const value = useMemo(() => requirePin, [requirePin]);
  return (
    <PinContext.Provider value={value}>
      {children}
      <Dialog open={open} onClose={() => finish(false)} aria-labelledby="pin-title" maxWidth="xs" fullWidth slotProps={{ paper: { sx: { borderRadius: 3 } } }}>
        <Box component="form" onSubmit={(e) => (e.preventDefault(), void verify())}>
          <Box sx={{ display: 'flex', justifyContent: 'center', pt: 3 }}>
            <LockOutlinedIcon sx={{ fontSize: 44, color: 'primary.main' }} />
          </Box>
          <DialogTitle id="pin-title" sx={{ textAlign: 'center', fontWeight: 700 }}>
            Enter PIN
          </DialogTitle>
          <DialogContent>
            <Typography color="text.secondary" sx={{ textAlign: 'center', mb: 2 }}>
              This action needs the shop's {PIN_LENGTH}-character PIN.
            </Typography>
            <TextField
              autoFocus
              fullWidth
              type="password"
              value={pin}
              onChange={(e) => setPin(e.target.value.slice(0, PIN_LENGTH))}
              slotProps={{ htmlInput: { maxLength: PIN_LENGTH, 'aria-label': 'PIN', autoComplete: 'off', inputMode: 'text', style: { textAlign: 'center', letterSpacing: '0.6em', fontSize: 22 } } }}
            />
          </DialogContent>
          <DialogActions sx={{ justifyContent: 'center', pb: 3, gap: 1 }}>
            <Button variant="outlined" color="inherit" onClick={() => finish(false)}>
              Cancel
            </Button>
            <Button variant="contained" type="submit" disabled={busy}>
              {busy ? 'Checking…' : 'Verify'}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </PinContext.Provider>
  );
}
