import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutline';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import type { WalkinPause } from '@chairline/shared';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { ChairlineDataProvider } from '@chairline/data-provider';
import { errorText } from '../common/error-text';


/**
 * Pause / resume the walk-in list: while paused, customers cannot check in on the public page or
 * the kiosk and see the reason instead; the desk can still add walk-ins. Refetches on `refreshKey`
 * (the board's live refresh), so another manager's pause shows here too.
 */
export function PauseControl({ refreshKey }: { refreshKey: number }) {
  const notify = useNotify();
  const dataProvider = useDataProvider<ChairlineDataProvider>();
  const [state, setState] = useState<WalkinPause | null>(null);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setState(await dataProvider.getWalkinPause());
    } catch {
      // The board shows connection problems; the button waits for the next refresh.
    }
  }, [dataProvider]);

  useEffect(() => {
    void load();
  }, [load, refreshKey]);

  const send = async (change: () => Promise<WalkinPause>, success: string) => {
    setBusy(true);
    try {
      setState(await change());
      notify(success, { type: 'success' });
      setAsking(false);
    } catch (error) {
      notify(errorText(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const pause = (event: FormEvent) => {
    event.preventDefault();
    void send(() => dataProvider.pauseWalkins(reason.trim()), 'Check-ins paused');
  };

  if (!state) return null;
  return (
    <>
      {state.paused ? (
        <>
          <Alert severity="warning" sx={{ py: 0 }} role="status">
            Check-ins paused{state.reason ? `: ${state.reason}` : ''}
          </Alert>
          <Button variant="outlined" color="success" startIcon={<PlayCircleOutlineIcon />} disabled={busy} onClick={() => void send(() => dataProvider.resumeWalkins(), 'Check-ins resumed')}>
            Resume check-ins
          </Button>
        </>
      ) : (
        <Button variant="outlined" color="warning" startIcon={<PauseCircleOutlineIcon />} onClick={() => setAsking(true)}>
          Pause check-ins
        </Button>
      )}
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        fullWidth
        aria-labelledby="pause-title"
        slotProps={{ paper: { sx: { maxWidth: 500, borderRadius: 3 } }, transition: { onExited: () => setReason('') } }}
      >
        <form noValidate onSubmit={pause}>
          <DialogTitle id="pause-title" sx={{ fontWeight: 700 }}>
            Pause check-ins
          </DialogTitle>
          <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <DialogContentText>
              Customers will not be able to check in on your page or the kiosk until you resume. Everyone already in line keeps their
              place, and you can still add walk-ins here.
            </DialogContentText>
            <TextField
              label="Reason shown to customers"
              placeholder="Fully booked today"
              autoFocus
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={() => setAsking(false)}>Cancel</Button>
            <Button type="submit" variant="contained" color="warning" disabled={busy}>
              {busy ? 'Pausing...' : 'Pause'}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
