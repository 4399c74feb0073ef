import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import ContentCutIcon from '@mui/icons-material/ContentCut';
import {
  CreateButton,
  Datagrid,
  DeleteButton,
  EditButton,
  List,
  SimpleList,
  TextField,
  TopToolbar,
  FunctionField,
} from 'react-admin';
import { formatMoney } from '@chairline/shared';

function Empty() {
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2, width: '100%' }}>
      <ContentCutIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
      <Typography variant="h6" sx={{ mt: 1 }}>
        No services yet
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Add the cuts and treatments you offer: customers pick them when they check in, and wait times use their length.
      </Typography>
      <CreateButton label="Add a service" variant="contained" />
    </Box>
  );
}

const Actions = () => (
  <TopToolbar>
    <CreateButton label="Add service" />
  </TopToolbar>
);

type Row = { id: number; name: string; formatted_estimated_time: string; price: number; description: string };

export function ServiceList() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mt: 2, mx: { xs: 1, sm: 0 } }}>
        Services
      </Typography>
    <List title="Services" actions={<Actions />} empty={<Empty />} perPage={50} sort={{ field: 'name', order: 'ASC' }} pagination={false}>
      {small ? (
        <SimpleList<Row>
          primaryText={(r) => r.name}
          secondaryText={(r) => r.formatted_estimated_time}
          tertiaryText={(r) => formatMoney(r.price)}
          linkType="edit"
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="name" label="Name" />
          <TextField source="formatted_estimated_time" label="Estimated time" sortable={false} />
          <FunctionField<Row> source="price" label="Price" textAlign="right" render={(r) => formatMoney(r.price, 'usd', { cents: 'always' })} />
          <TextField source="description" label="Description" sortable={false} />
          <EditButton />
          <DeleteButton
            label="Archive"
            mutationMode="pessimistic"
            confirmTitle="Archive this service?"
            confirmContent="It disappears from check-in and new invoices; past invoices keep it."
          />
        </Datagrid>
      )}
    </List>
    </>
  );
}
