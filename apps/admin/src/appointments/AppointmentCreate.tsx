import { Typography } from '@mui/material';
import { Create, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { shopDay } from '@chairline/shared';
import { useShopTimeZone } from '../calendar/use-shop-time-zone';
import { AppointmentInputs } from './AppointmentInputs';
import { toPayload, type AppointmentFormValues } from './appointment-form';

/** /dashboard/appointments/create (?day=&time=&barber_id= pre-fill it, e.g. from the calendar). */
export function AppointmentCreate() {
  const timeZone = useShopTimeZone();
  const [params] = useSearchParams();
  const barber = Number(params.get('barber_id'));
  const defaults: AppointmentFormValues = {
    day: params.get('day') ?? shopDay(new Date(), timeZone),
    time: params.get('time') ?? '',
    duration: 30,
    customer_kind: 'file',
    service_ids: [],
    notes: '',
    ...(barber > 0 ? { barber_id: barber } : {}),
  };
  return (
    <Create resource="appointments" title="New appointment" redirect="list" mutationMode="pessimistic" transform={(v: AppointmentFormValues) => toPayload(v, timeZone)}>
      {/* Pre-filled from the calendar, the form may be complete before any change: Save stays enabled. */}
      <SimpleForm
        defaultValues={defaults}
        toolbar={
          <Toolbar>
            <SaveButton alwaysEnable />
          </Toolbar>
        }
      >
        <Typography variant="h5" component="h1" gutterBottom>
          New appointment
        </Typography>
        <AppointmentInputs timeZone={timeZone} />
      </SimpleForm>
    </Create>
  );
}
