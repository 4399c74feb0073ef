import { Alert, Stack } from '@mui/material';
import { APPOINTMENT_STATUSES, formatEstimatedTime, type PublicBarber, type Service } from '@chairline/shared';
import { useEffect, useRef, useState } from 'react';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  DateInput,
  NumberInput,
  RadioButtonGroupInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  TimeInput,
  minValue,
  required,
  useDataProvider,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useSession } from '../layout/session';
import { errorText } from '../common/error-text';
import type { ChairlineDataProvider } from '@chairline/data-provider';

const STATUS_LABEL: Record<(typeof APPOINTMENT_STATUSES)[number], string> = {
  booked: 'Booked',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};

/** Keeps the duration equal to the chosen services' total until the person types their own. */
function DurationFromServices({ services }: { services: Service[] }) {
  const { setValue, getFieldState } = useFormContext();
  const ids = useWatch({ name: 'service_ids' }) as number[] | undefined;
  const first = useRef(true);
  useEffect(() => {
    // On edit, the stored duration stands until the services change.
    if (first.current) {
      first.current = false;
      return;
    }
    if (getFieldState('duration').isDirty) return;
    const minutes = (ids ?? []).reduce((sum, id) => sum + (services.find((s) => s.id === id)?.estimated_minutes ?? 0), 0);
    setValue('duration', minutes > 0 ? minutes : 30);
  }, [ids, services, setValue, getFieldState]);
  return null;
}

/** A customer on file (or none), or a walk-up typed as a name and phone (matched to a customer by phone, or made). */
function CustomerChoice() {
  const kind = useWatch({ name: 'customer_kind' }) as string | undefined;
  return (
    <>
      <RadioButtonGroupInput
        source="customer_kind"
        label="Customer"
        choices={[
          { id: 'file', name: 'On file' },
          { id: 'walkup', name: 'Walk-up: name and phone' },
        ]}
        defaultValue="file"
        row
      />
      {kind === 'walkup' ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} gap={{ xs: 0, sm: 2 }}>
          <TextInput source="customer_name" label="Customer name" validate={required('Please enter the customer name.')} fullWidth />
          <TextInput
            source="customer_phone"
            label="Phone"
            type="tel"
            fullWidth
            helperText="Finds the customer with this phone, or adds a new one"
          />
        </Stack>
      ) : (
        <ReferenceInput source="customer_id" reference="customers" sort={{ field: 'name', order: 'ASC' }}>
          <AutocompleteInput label="Customer on file" optionText="name" filterToQuery={(q: string) => ({ q })} fullWidth helperText="Leave empty for no customer" />
        </ReferenceInput>
      )}
    </>
  );
}

/** The one appointment form (create and edit): barber, customer, services, start (shop time), duration, notes. */
export function AppointmentInputs({ timeZone, edit = false }: { timeZone: string; edit?: boolean }) {
  const dataProvider = useDataProvider<ChairlineDataProvider>();
  const { user } = useSession();
  const [barbers, setBarbers] = useState<PublicBarber[]>([]);
  const [services, setServices] = useState<Service[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    dataProvider.getShopBarbers(user.shop_username).then(setBarbers, (err: unknown) => setError(errorText(err)));
    dataProvider.getServices().then(setServices, (err: unknown) => setError(errorText(err)));
  }, [dataProvider, user.shop_username]);

  return (
    <Stack sx={{ width: '100%', maxWidth: 640 }}>
      {error && <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert>}
      <SelectInput
        source="barber_id"
        label="Barber"
        choices={barbers.map((b) => ({ id: b.id, name: b.name }))}
        validate={required('Please choose a barber.')}
        fullWidth
      />
      <CustomerChoice />
      <AutocompleteArrayInput
        source="service_ids"
        label="Services"
        choices={services.map((s) => ({ id: s.id, name: `${s.name} (${formatEstimatedTime(s.estimated_minutes)})` }))}
        fullWidth
      />
      <DurationFromServices services={services} />
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={{ xs: 0, sm: 2 }}>
        <DateInput source="day" label="Date" validate={required('Please choose a date.')} fullWidth />
        <TimeInput source="time" label={`Start (${timeZone})`} validate={required('Please choose a start time.')} fullWidth parse={(v: string) => v} format={(v: string) => v ?? ''} />
        <NumberInput source="duration" label="Duration (minutes)" validate={[required(), minValue(5, 'At least 5 minutes.')]} min={5} step={5} fullWidth />
      </Stack>
      {edit && <SelectInput source="status" label="Status" choices={APPOINTMENT_STATUSES.map((s) => ({ id: s, name: STATUS_LABEL[s] }))} validate={required()} />}
      <TextInput source="notes" label="Notes" multiline minRows={2} fullWidth />
    </Stack>
  );
}
