import DownloadIcon from '@mui/icons-material/Download';
import { Button, useListContext, useNotify, useDataProvider } from 'react-admin';
import { useState } from 'react';
import { saveFile } from '../common/save-file';
import { errorText } from '../common/error-text';
import type { ChairlineDataProvider } from '@chairline/data-provider';

/** CSV of the customers matching the current search and order (GET /customers/export/). */
export function ExportCustomersButton() {
  const { filterValues, sort } = useListContext();
  const notify = useNotify();
  const dataProvider = useDataProvider<ChairlineDataProvider>();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const q = typeof filterValues.q === 'string' ? filterValues.q : undefined;
      saveFile(await dataProvider.exportCustomers({ search: q, ordering: sort.field ? `${sort.order === 'DESC' ? '-' : ''}${sort.field}` : undefined }));
    } catch (err) {
      notify(errorText(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return <Button label={busy ? 'Exporting…' : 'Export CSV'} onClick={onClick} disabled={busy} startIcon={<DownloadIcon />} />;
}
