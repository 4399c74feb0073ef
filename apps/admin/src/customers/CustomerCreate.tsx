import { Create, SimpleForm } from 'react-admin';
import { CustomerInputs, customerPayload } from './CustomerInputs';

export function CustomerCreate() {
  return (
    <Create title="New customer" redirect="show" mutationMode="pessimistic" transform={customerPayload}>
      <SimpleForm defaultValues={{ phone: '', email: '', notes: '' }}>
        <CustomerInputs />
      </SimpleForm>
    </Create>
  );
}
