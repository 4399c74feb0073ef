import { Stack } from '@mui/material';
import { maxValue, minValue, NumberInput, number, required, TextInput } from 'react-admin';

/** The one form of a service, shared by create and edit (rules mirror packages/shared serviceInput). */
export function ServiceInputs() {
  return (
    <Stack sx={{ width: '100%', maxWidth: 560 }}>
      <TextInput source="name" label="Name" validate={required('Please enter the service name.')} fullWidth />
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={{ xs: 0, sm: 2 }}>
        <NumberInput
          source="estimated_minutes"
          label="Estimated minutes"
          validate={[
            required('Please enter the estimated time in minutes.'),
            number(),
            minValue(1, 'The estimated time must be at least 1 minute.'),
            maxValue(600, 'The estimated time must be at most 600 minutes.'),
          ]}
          min={1}
          fullWidth
        />
        <NumberInput
          source="price"
          label="Price"
          validate={[required('Please enter an amount.'), minValue(0, 'The amount cannot be negative.')]}
          min={0}
          step={0.01}
          placeholder="0.00"
          fullWidth
        />
      </Stack>
      <TextInput source="description" label="Description" multiline minRows={2} fullWidth />
    </Stack>
  );
}
