import PeopleIcon from '@mui/icons-material/PeopleOutline';
import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  CreateButton,
  Datagrid,
  List,
  NumberField,
  SearchInput,
  SimpleList,
  TextField,
  TopToolbar,
  FunctionField,
} from 'react-admin';
import { formatMoney, formatShopDate } from '@chairline/shared';
import { useShopTimeZone } from '../calendar/use-shop-time-zone';
import { ExportCustomersButton } from './ExportCustomersButton';
import { ImportCustomersButton } from './ImportCustomersButton';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search name, phone or email" />];

const Actions = () => (
  <TopToolbar>
    <CreateButton label="Add customer" />
    <ExportCustomersButton />
    <ImportCustomersButton />
  </TopToolbar>
);

function Empty() {
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2, width: '100%' }}>
      <PeopleIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
      <Typography variant="h6" sx={{ mt: 1 }}>
        No customers yet
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Customers appear here when they check in, book or get an invoice. You can also add one yourself.
      </Typography>
      <CreateButton label="Add customer" variant="contained" />
      <Box sx={{ mt: 1 }}>
        <ImportCustomersButton />
      </Box>
    </Box>
  );
}

type Row = { id: number; name: string; phone: string; email: string; visits: number; total_spent: number; last_visit: string | null; created_at: string };

export function CustomerList() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const timeZone = useShopTimeZone();
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mt: 2, mx: { xs: 1, sm: 0 } }}>
        Customers
      </Typography>
    <List title="Customers" filters={filters} actions={<Actions />} empty={<Empty />} sort={{ field: 'name', order: 'ASC' }} perPage={25}>
      {small ? (
        <SimpleList<Row>
          primaryText={(r) => r.name}
          secondaryText={(r) => r.phone || r.email}
          tertiaryText={(r) => `${r.visits} visits · ${formatMoney(r.total_spent)}`}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="name" label="Name" />
          <TextField source="phone" label="Phone" sortable={false} />
          <TextField source="email" label="Email" sortable={false} />
          <NumberField source="visits" label="Visits" />
          <FunctionField<Row> source="total_spent" label="Total spent" textAlign="right" render={(r) => formatMoney(r.total_spent, 'usd', { cents: 'always' })} />
          <FunctionField<Row> source="last_visit" label="Last visit" render={(r) => (r.last_visit ? formatShopDate(r.last_visit, timeZone) : '—')} />
          <FunctionField<Row> source="created_at" label="Customer since" render={(r) => formatShopDate(r.created_at, timeZone)} />
        </Datagrid>
      )}
    </List>
    </>
  );
}
