import DownloadIcon from '@mui/icons-material/Download';
import { Button, useListContext, useNotify } from 'react-admin';
import { useState } from 'react';
import { downloadFile, errorText } from '../settings/api';

/** CSV of the customers matching the current search and order (GET /customers/export/). */
export function ExportCustomersButton() {
  const { filterValues, sort } = useListContext();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const q = typeof filterValues.q === 'string' ? filterValues.q : undefined;
      await downloadFile(
        '/customers/export/',
        { search: q, ordering: sort.field ? `${sort.order === 'DESC' ? '-' : ''}${sort.field}` : undefined },
        'customers.csv',
      );
    } catch (err) {
      notify(errorText(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return <Button label={busy ? 'Exporting…' : 'Export CSV'} onClick={onClick} disabled={busy} startIcon={<DownloadIcon />} />;
}
