import { Box, Typography } from '@mui/material';
import { formatShopDateTime, type InvoiceStatus } from '@chairline/shared';
import { useCallback, useMemo, useState } from 'react';
import { defaultExporter, List, useDataProvider, useListContext, useNotify, type Exporter } from 'react-admin';
import type { ChairlineDataProvider } from '@chairline/data-provider';
import { useShopTimeZone } from '../calendar/use-shop-time-zone';
import { Spinner } from '../common/Spinner';
import { errorText } from '../common/error-text';
import { CommissionReport } from './CommissionReport';
import { capitalise } from './InvoiceStatusMenu';
import { InvoiceFilters } from './InvoiceFilters';
import { InvoiceList } from './InvoiceList';
import type { CommissionRow, InvoiceListItem } from './types';
import { ExportAllButton } from '../common/ExportAllButton';

/** The CSV: the columns of the screen, amounts as plain numbers for a spreadsheet. */
function useInvoiceExporter(): Exporter<InvoiceListItem> {
  const timeZone = useShopTimeZone();
  return useMemo<Exporter<InvoiceListItem>>(
    () => (invoices, fetchRelated, dataProvider) =>
      defaultExporter(
        invoices.map((i) => ({
          ID: i.id,
          Created: formatShopDateTime(i.created_at, timeZone),
          Customer: i.client,
          Barber: i.barber ?? '',
          Services: i.service,
          Amount: i.amount.toFixed(2),
          Status: capitalise(i.status),
        })),
        fetchRelated,
        dataProvider,
        'invoices',
      ),
    [timeZone],
  );
}

/** Inside the list: a status change, then the list and the commission report read again. */
function InvoicesScreen({ barbers, onStatusChanged }: { barbers: { id: number; name: string }[]; onStatusChanged: () => void }) {
  const dataProvider = useDataProvider<ChairlineDataProvider>();
  const notify = useNotify();
  const { refetch } = useListContext();
  const changeStatus = async (id: number, to: InvoiceStatus) => {
    try {
      await dataProvider.setInvoiceStatus(id, to);
      notify(`Invoice #${id} is now ${to}.`, { type: 'success' });
      void refetch();
      onStatusChanged();
    } catch (err) {
      notify(errorText(err), { type: 'error' });
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <InvoiceFilters barbers={barbers} action={<ExportAllButton label="Export invoices" sx={{ ml: { sm: 'auto' }, alignSelf: { xs: 'flex-start', sm: 'center' }, whiteSpace: 'nowrap' }} />} />
      <InvoiceList onChangeStatus={(id, to) => void changeStatus(id, to)} />
    </Box>
  );
}

/** Back-office invoices (admin and manager): filters, totals, status changes and commissions. */
export function InvoicesPage() {
  const [barbers, setBarbers] = useState<{ id: number; name: string }[]>([]);
  const [reload, setReload] = useState(0);
  const exporter = useInvoiceExporter();
  const onCommissionRows = useCallback((rows: CommissionRow[]) => setBarbers(rows.map((r) => ({ id: r.barber_id, name: r.barber }))), []);

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2 }}>
      <Typography variant="h5" component="h1">
        Invoices
      </Typography>
      {/* Filters and page live in the URL; a later visit starts again from all invoices (no store). */}
      <List
        resource="invoices"
        title="Invoices"
        storeKey={false}
        perPage={25}
        exporter={exporter}
        actions={false}
        pagination={false}
        empty={false}
        component="div"
        // The filters stay on screen while the first page loads; the list part shows the spinner.
        loading={false}
        authLoading={<Spinner />}
        // A failed read shows in the screen's own alert, so no toast repeats it.
        queryOptions={{ onError: () => undefined }}
        sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaList-noActions': { mt: 0 } }}
      >
        <InvoicesScreen barbers={barbers} onStatusChanged={() => setReload((n) => n + 1)} />
      </List>
      <CommissionReport onRows={onCommissionRows} refresh={reload} />
    </Box>
  );
}
