import { Stack } from '@mui/material';
import { email, required, TextInput } from 'react-admin';

/** The one customer form (rules mirror packages/shared customerInput; the server has the last word). */
export function CustomerInputs() {
  return (
    <Stack sx={{ width: '100%', maxWidth: 560 }}>
      <TextInput source="name" label="Name" validate={required('Please enter the customer name.')} fullWidth />
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={{ xs: 0, sm: 2 }}>
        <TextInput source="phone" label="Phone" type="tel" placeholder="123-456-7890" fullWidth />
        <TextInput source="email" label="Email" type="email" validate={email('Please enter a valid email address.')} fullWidth />
      </Stack>
      <TextInput source="notes" label="Notes" multiline minRows={2} helperText="Preferences, usual cut, allergies…" fullWidth />
    </Stack>
  );
}

/** Only the editable fields go to the server (the record also carries visits, totals, history). */
export const customerPayload = (d: Record<string, unknown>) => ({
  name: d.name,
  phone: d.phone ?? '',
  email: d.email ?? '',
  notes: d.notes ?? '',
});
