import { Typography } from '@mui/material';
import { DeleteButton, Edit, SaveButton, SimpleForm, Toolbar, useRecordContext } from 'react-admin';
import { useParams } from 'react-router-dom';
import { Spinner } from '../common/Spinner';
import { useShopTimeZone } from '../calendar/use-shop-time-zone';
import { AppointmentInputs } from './AppointmentInputs';
import { toFormValues, toPayload, type AppointmentFormValues } from './appointment-form';

const EditToolbar = () => (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton />
    <DeleteButton mutationMode="pessimistic" confirmTitle="Delete this appointment?" confirmContent="To keep a record, set its status to Cancelled instead." />
  </Toolbar>
);

function EditForm({ timeZone }: { timeZone: string }) {
  const record = useRecordContext<AppointmentFormValues & { id: number }>();
  if (!record) return <Spinner />;
  return (
    <SimpleForm record={toFormValues(record, timeZone)} toolbar={<EditToolbar />}>
      <Typography variant="h5" component="h1" gutterBottom>
        Edit appointment
      </Typography>
      <AppointmentInputs timeZone={timeZone} edit />
    </SimpleForm>
  );
}

/** /dashboard/appointments/:id/edit: a 409 (the barber is booked) shows the server's message. */
export function AppointmentEdit() {
  const { id } = useParams();
  const timeZone = useShopTimeZone();
  if (!id) return <Spinner />;
  return (
    <Edit resource="appointments" id={id} title="Edit appointment" redirect="list" mutationMode="pessimistic" transform={(v: AppointmentFormValues) => toPayload(v, timeZone)}>
      <EditForm timeZone={timeZone} />
    </Edit>
  );
}
