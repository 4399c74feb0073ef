import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { refusalText } from '../common/error-text';
import { useDataProvider } from 'react-admin';
import type { ChairlineDataProvider } from '@chairline/data-provider';

export interface NewCustomer {
  id: number;
  name: string;
}

/** A customer added at the chair (POST /api/customers/), for a walk-in who has no record yet. */
export function NewCustomerDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (c: NewCustomer) => void }) {
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dataProvider = useDataProvider<ChairlineDataProvider>();

  const close = () => {
    setName('');
    setPhone('');
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // React bubbles events through portals: the invoice form around this dialog must not submit.
    event.stopPropagation();
    if (name.trim() === '') return setError('Please enter the customer name.');
    setBusy(true);
    try {
      const added = await dataProvider.addCustomer(name.trim(), phone.trim());
      onCreated({ id: added.id, name: added.name });
      close();
    } catch (err) {
      setError(refusalText(err, 'Could not add the customer.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="new-customer-title" maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="new-customer-title">New customer</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error ? <Alert severity="error">{error}</Alert> : null}
            <TextField label="Customer name" value={name} onChange={(e) => setName(e.target.value)} autoFocus fullWidth />
            <TextField label="Customer phone" type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} placeholder="Optional" fullWidth />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Adding…' : 'Add customer'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
