import { Typography } from '@mui/material';
import { DeleteButton, Edit, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { ServiceInputs } from './ServiceInputs';

const EditToolbar = () => (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton />
    <DeleteButton label="Archive" mutationMode="pessimistic" confirmTitle="Archive this service?" confirmContent="It disappears from check-in and new invoices; past invoices keep it." />
  </Toolbar>
);

export function ServiceEdit() {
  return (
    <Edit title="Edit service" redirect="list" mutationMode="pessimistic" transform={(d: Record<string, unknown>) => ({
      name: d.name,
      estimated_minutes: d.estimated_minutes,
      price: d.price,
      description: d.description ?? '',
    })}>
      <SimpleForm toolbar={<EditToolbar />}>
        <Typography variant="h5" component="h1" gutterBottom>
          Edit service
        </Typography>
        <ServiceInputs />
      </SimpleForm>
    </Edit>
  );
}
