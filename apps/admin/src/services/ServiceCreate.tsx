import { Create, SimpleForm } from 'react-admin';
import { ServiceInputs } from './ServiceInputs';

export function ServiceCreate() {
  return (
    <Create title="New service" redirect="list" mutationMode="pessimistic">
      <SimpleForm defaultValues={{ estimated_minutes: 30, price: 0, description: '' }}>
        <ServiceInputs />
      </SimpleForm>
    </Create>
  );
}
