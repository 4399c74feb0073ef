import type { RotationEntry, WalkinInput } from '@chairline/shared';
import { Autocomplete, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';

export interface ServiceOption {
  id: number;
  name: string;
}

/** "Add walk-in" at the desk: name, phone, barber or any, services. */
export function AddWalkinDialog({
  open,
  barbers,
  services,
  busy,
  onClose,
  onSubmit,
}: {
  open: boolean;
  barbers: readonly RotationEntry[];
  services: readonly ServiceOption[];
  busy: boolean;
  onClose: () => void;
  onSubmit: (input: WalkinInput) => void;
}) {
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [barber, setBarber] = useState<string>('any');
  const [chosen, setChosen] = useState<ServiceOption[]>([]);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('Please enter a name');
      return;
    }
    setError(null);
    onSubmit({
      name: name.trim(),
      phone_number: phone.trim() || undefined,
      barber_id: barber === 'any' ? 'any' : Number(barber),
      service_ids: chosen.map((s) => s.id),
    });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      aria-labelledby="add-walkin-title"
      slotProps={{ paper: { sx: { maxWidth: 500, borderRadius: 3 } }, transition: { onExited: () => (setName(''), setPhone(''), setBarber('any'), setChosen([])) } }}
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id="add-walkin-title" sx={{ fontWeight: 700 }}>
          Add walk-in
        </DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          <TextField label="Customer name" required autoFocus value={name} onChange={(e) => setName(e.target.value)} error={!!error} helperText={error} />
          <TextField label="Phone" type="tel" placeholder="123-456-7890" value={phone} onChange={(e) => setPhone(e.target.value)} />
          <TextField select label="Barber" value={barber} onChange={(e) => setBarber(e.target.value)}>
            <MenuItem value="any">Any barber (first free)</MenuItem>
            {barbers.map((b) => (
              <MenuItem key={b.id} value={String(b.id)} disabled={b.status === 'off'}>
                {b.name}
                {b.status === 'off' ? ' (off)' : ''}
              </MenuItem>
            ))}
          </TextField>
          <Autocomplete
            multiple
            options={services as ServiceOption[]}
            getOptionLabel={(o) => o.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            value={chosen}
            onChange={(_, value) => setChosen(value)}
            renderInput={(params) => <TextField {...params} label="Services" placeholder="Optional" />}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" variant="outlined" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Adding...' : 'Add to queue'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
