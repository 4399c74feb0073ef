import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

// Questions in one place ("Are you sure?" and the team prompts): each call returns a promise, so a
// page reads like `if (await confirm(...)) remove()`. Messages that only need an OK are
// feedback.tsx's notices.

export type DialogIcon = 'warning' | 'error' | 'success';

export interface ConfirmOptions {
  title: string;
  text?: string;
  icon?: DialogIcon;
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
}
export interface PromptOptions {
  title: string;
  placeholder?: string;
  inputType?: string;
  inputLabel?: string;
  confirmLabel?: string;
}

interface Dialogs {
  confirm(options: ConfirmOptions): Promise<boolean>;
  prompt(options: PromptOptions): Promise<string | null>;
}

type Open =
  | { kind: 'confirm'; options: ConfirmOptions; resolve: (ok: boolean) => void }
  | { kind: 'prompt'; options: PromptOptions; resolve: (value: string | null) => void };

const DialogsContext = createContext<Dialogs | null>(null);

export function useDialogs(): Dialogs {
  const dialogs = useContext(DialogsContext);
  if (!dialogs) throw new Error('useDialogs() must be used below <DialogsProvider>');
  return dialogs;
}

const ICONS: Record<DialogIcon, ReactNode> = {
  warning: <WarningAmberIcon sx={{ fontSize: 56, color: 'warning.main' }} />,
  error: <ErrorOutlineIcon sx={{ fontSize: 56, color: 'error.main' }} />,
  success: <CheckCircleOutlineIcon sx={{ fontSize: 56, color: 'success.main' }} />,
};

function IconHeader({ icon }: { icon?: DialogIcon }) {
  if (!icon) return null;
  return (
    <Box data-icon={icon} sx={{ display: 'flex', justifyContent: 'center', pt: 3 }}>
      {ICONS[icon]}
    </Box>
  );
}

export function DialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Open | null>(null);
  const [value, setValue] = useState('');
  const openRef = useRef<Open | null>(null);

  const show = useCallback((next: Open) => {
    openRef.current = next;
    setValue('');
    setOpen(next);
  }, []);

  const dialogs = useMemo<Dialogs>(
    () => ({
      confirm: (options) => new Promise((resolve) => show({ kind: 'confirm', options, resolve })),
      prompt: (options) => new Promise((resolve) => show({ kind: 'prompt', options, resolve })),
    }),
    [show],
  );

  const close = (result: 'ok' | 'cancel') => {
    const current = openRef.current;
    openRef.current = null;
    setOpen(null);
    if (!current) return;
    if (current.kind === 'confirm') current.resolve(result === 'ok');
    else current.resolve(result === 'ok' ? value : null);
  };

  const title = open?.options.title ?? '';
  return (
    <DialogsContext.Provider value={dialogs}>
      {children}
      <Dialog
        open={open !== null}
        onClose={() => close('cancel')}
        maxWidth="xs"
        fullWidth
        aria-labelledby="app-dialog-title"
        slotProps={{ paper: { sx: { borderRadius: 3, textAlign: 'center' } } }}
      >
        {open && open.kind !== 'prompt' && <IconHeader icon={open.options.icon} />}
        <DialogTitle id="app-dialog-title" sx={{ fontWeight: 700, fontSize: 22 }}>
          {title}
        </DialogTitle>
        <DialogContent>
          {open && open.kind !== 'prompt' && open.options.text && (
            <Typography color="text.secondary">{open.options.text}</Typography>
          )}
          {open?.kind === 'prompt' && (
            <form
              id="app-dialog-prompt"
              onSubmit={(event) => {
                event.preventDefault();
                close('ok');
              }}
            >
              <TextField
                autoFocus
                fullWidth
                type={open.options.inputType ?? 'text'}
                placeholder={open.options.placeholder}
                slotProps={{ htmlInput: { 'aria-label': open.options.inputLabel ?? open.options.placeholder ?? title } }}
                value={value}
                onChange={(event) => setValue(event.target.value)}
                sx={{ mt: 1 }}
              />
            </form>
          )}
        </DialogContent>
        <DialogActions sx={{ justifyContent: 'center', pb: 3, gap: 1 }}>
          {open?.kind === 'confirm' && (
            <>
              <Button variant="outlined" color="inherit" onClick={() => close('cancel')}>
                {open.options.cancelLabel ?? 'Cancel'}
              </Button>
              <Button variant="contained" color={open.options.destructive ? 'error' : 'primary'} onClick={() => close('ok')}>
                {open.options.confirmLabel}
              </Button>
            </>
          )}
          {open?.kind === 'prompt' && (
            <>
              <Button variant="outlined" color="inherit" onClick={() => close('cancel')}>
                Cancel
              </Button>
              <Button variant="contained" type="submit" form="app-dialog-prompt">
                {open.options.confirmLabel ?? 'OK'}
              </Button>
            </>
          )}
        </DialogActions>
      </Dialog>
    </DialogsContext.Provider>
  );
}
