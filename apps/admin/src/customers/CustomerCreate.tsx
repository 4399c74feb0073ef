import { Typography } from '@mui/material';
import { Create, SimpleForm } from 'react-admin';
import { CustomerInputs, customerPayload } from './CustomerInputs';

export function CustomerCreate() {
  return (
    <Create title="New customer" redirect="show" mutationMode="pessimistic" transform={customerPayload}>
      <SimpleForm defaultValues={{ phone: '', email: '', notes: '' }}>
        <Typography variant="h5" component="h1" gutterBottom>
          New customer
        </Typography>
        <CustomerInputs />
      </SimpleForm>
    </Create>
  );
}
