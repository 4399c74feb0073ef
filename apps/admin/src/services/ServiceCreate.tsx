import { Typography } from '@mui/material';
import { Create, SimpleForm } from 'react-admin';
import { ServiceInputs } from './ServiceInputs';

export function ServiceCreate() {
  return (
    <Create title="New service" redirect="list" mutationMode="pessimistic">
      <SimpleForm defaultValues={{ estimated_minutes: 30, price: 0, description: '' }}>
        <Typography variant="h5" component="h1" gutterBottom>
          New service
        </Typography>
        <ServiceInputs />
      </SimpleForm>
    </Create>
  );
}
