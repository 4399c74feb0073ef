import { Typography } from '@mui/material';
import { DeleteButton, Edit, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { CustomerInputs, customerPayload } from './CustomerInputs';

const EditToolbar = () => (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton />
    <DeleteButton mutationMode="pessimistic" confirmTitle="Delete this customer?" confirmContent="Their visits stay in the history without a name." />
  </Toolbar>
);

export function CustomerEdit() {
  return (
    <Edit title="Edit customer" redirect="show" mutationMode="pessimistic" transform={customerPayload}>
      <SimpleForm toolbar={<EditToolbar />}>
        <Typography variant="h5" component="h1" gutterBottom>
          Edit customer
        </Typography>
        <CustomerInputs />
      </SimpleForm>
    </Edit>
  );
}
