import UploadIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { CUSTOMER_IMPORT_LIMITS, CUSTOMER_IMPORT_MESSAGES, type CustomerImportResult } from '@chairline/shared';
import { useRef, useState, type ChangeEvent } from 'react';
import { Button, useRefresh, useDataProvider } from 'react-admin';
import { errorText } from '../common/error-text';
import type { ChairlineDataProvider } from '@chairline/data-provider';

type Step =
  | { kind: 'choose' }
  | { kind: 'busy'; text: string }
  | { kind: 'preview'; fileName: string; csv: string; result: CustomerImportResult }
  | { kind: 'done'; result: CustomerImportResult };

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The file's text: UTF-8, or else Windows-1252 (what Excel's plain "CSV" format saves on Windows). */
async function fileText(file: File): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The preview's figures: what the import will do, row by row and customer by customer. */
function Figures({ result }: { result: CustomerImportResult }) {
  const lines = [
    count(result.rows, 'row read', 'rows read'),
    count(result.created, 'new customer', 'new customers'),
    count(result.updated, 'existing customer gets missing details', 'existing customers get missing details'),
    count(result.unchanged, 'existing customer already up to date', 'existing customers already up to date'),
    count(result.duplicates_in_file, 'duplicate row merged', 'duplicate rows merged'),
    count(result.errors.length, 'row with a problem (left out)', 'rows with a problem (left out)'),
  ];
  return (
    <Box component="ul" data-testid="import-figures" sx={{ pl: 2.5, my: 1 }}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </Box>
  );
}

/** "Import CSV" on the customers list: choose a file, see what it will do, then import the good rows. */
export function ImportCustomersButton() {
  const dataProvider = useDataProvider<ChairlineDataProvider>();
  const refresh = useRefresh();
  const send = (csv: string, dryRun: boolean) => dataProvider.importCustomers(csv, dryRun);
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [error, setError] = useState('');

  const close = () => {
    if (step.kind === 'busy') return;
    if (step.kind === 'done') refresh();
    setOpen(false);
    setStep({ kind: 'choose' });
    setError('');
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError('');
    if (file.size > CUSTOMER_IMPORT_LIMITS.maxBytes) {
      setError(CUSTOMER_IMPORT_MESSAGES.tooLarge);
      return;
    }
    setStep({ kind: 'busy', text: 'Checking the file…' });
    try {
      const csv = await fileText(file);
      setStep({ kind: 'preview', fileName: file.name, csv, result: await send(csv, true) });
    } catch (err) {
      setError(errorText(err));
      setStep({ kind: 'choose' });
    }
  };

  const onImport = async (csv: string, preview: Step) => {
    setError('');
    setStep({ kind: 'busy', text: 'Importing…' });
    try {
      setStep({ kind: 'done', result: await send(csv, false) });
    } catch (err) {
      setError(errorText(err));
      setStep(preview);
    }
  };

  const toWrite = step.kind === 'preview' ? step.result.created + step.result.updated : 0;

  return (
    <>
      <Button label="Import CSV" onClick={() => setOpen(true)} startIcon={<UploadIcon />} />
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="import-customers-title">
        <DialogTitle id="import-customers-title">Import customers</DialogTitle>
        <DialogContent>
          <input ref={input} type="file" accept=".csv,text/csv" hidden aria-label="CSV file" onChange={onFile} />
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          {step.kind === 'choose' && (
            <>
              <Typography sx={{ mb: 1 }}>
                Choose a CSV file with a header row: Name (or First name and Last name), Phone, Email and Notes. Other columns
                are left out. A file exported here imports as it is.
              </Typography>
              <Typography color="text.secondary" variant="body2">
                Phone numbers without a country code are read as numbers of your shop&apos;s country. A customer whose phone
                number is already on your list is not added twice: details they are missing are filled in, and nothing you have
                is overwritten. You will see what the file does before anything is saved.
              </Typography>
            </>
          )}
          {step.kind === 'busy' && <Typography role="status">{step.text}</Typography>}
          {step.kind === 'preview' && (
            <>
              <Typography variant="h6" component="h2">
                Preview of {step.fileName}
              </Typography>
              <Figures result={step.result} />
              {step.result.ignored_columns.length > 0 && (
                <Typography variant="body2" color="text.secondary">
                  Columns left out: {step.result.ignored_columns.join(', ')}
                </Typography>
              )}
              {step.result.errors.length > 0 && (
                <Table size="small" aria-label="Rows with a problem" sx={{ mt: 2 }}>
                  <TableHead>
                    <TableRow>
                      <TableCell>Row</TableCell>
                      <TableCell>Problem</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {step.result.errors.map((e) => (
                      <TableRow key={e.row}>
                        <TableCell>{e.row}</TableCell>
                        <TableCell>{e.message}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </>
          )}
          {step.kind === 'done' && (
            <Alert severity="success" role="status">
              Import finished: {count(step.result.created, 'new customer', 'new customers')},{' '}
              {count(step.result.updated, 'customer updated', 'customers updated')}
              {step.result.errors.length > 0 ? `, ${count(step.result.errors.length, 'row', 'rows')} left out` : ''}.
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          {step.kind === 'done' ? (
            <MuiButton variant="contained" onClick={close}>
              Done
            </MuiButton>
          ) : (
            <>
              <MuiButton onClick={close} disabled={step.kind === 'busy'}>
                Cancel
              </MuiButton>
              <MuiButton onClick={() => input.current?.click()} disabled={step.kind === 'busy'}>
                {step.kind === 'preview' ? 'Choose another file' : 'Choose file'}
              </MuiButton>
              {step.kind === 'preview' && (
                <MuiButton variant="contained" disabled={toWrite === 0} onClick={() => void onImport(step.csv, step)}>
                  {toWrite === 0 ? 'Nothing to import' : `Import ${count(toWrite, 'customer', 'customers')}`}
                </MuiButton>
              )}
            </>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
