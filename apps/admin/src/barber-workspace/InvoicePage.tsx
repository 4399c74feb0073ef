import { formatMoney, formatShopDateTime, type InvoiceListItem, type Walkin } from '@chairline/shared';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  InputAdornment,
  ListItemText,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useFeedback } from '../common/feedback';
import { NewCustomerDialog } from './NewCustomerDialog';
import { useRequirePin } from './pin';
import { capitalise, invoiceProblem } from './rules';
import { Spinner } from '../common/Spinner';
import { useDataProvider } from 'react-admin';
import { NetworkError, type ChairlineDataProvider } from '@chairline/data-provider';

interface Option {
  id: number;
  name: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function options(list: unknown): Option[] {
  if (!Array.isArray(list)) return [];
  return list.filter((o): o is Option => isRecord(o) && typeof o.id === 'number' && typeof o.name === 'string');
}

function useMyInvoices() {
  const { toast } = useFeedback();
  const dataProvider = useDataProvider<ChairlineDataProvider>();
  const [invoices, setInvoices] = useState<InvoiceListItem[] | null>(null);
  const load = useCallback(async () => {
    try {
      setInvoices(await dataProvider.getMyInvoices());
    } catch (err) {
      setInvoices((current) => current ?? []);
      // A refusal and no answer at all read differently to the barber.
      toast(err instanceof NetworkError ? 'Error fetching invoices' : 'Failed to load invoices', 'error');
    }
  }, [dataProvider, toast]);
  useEffect(() => {
    void load();
  }, [load]);
  return { invoices, reload: load };
}

function InvoiceForm({ fromWalkin, onClearWalkin, onCreated }: { fromWalkin: Walkin | null; onClearWalkin: () => void; onCreated: () => void }) {
  const { toast } = useFeedback();
  const requirePin = useRequirePin();
  const dataProvider = useDataProvider<ChairlineDataProvider>();
  const [customers, setCustomers] = useState<Option[]>([]);
  const [services, setServices] = useState<Option[]>([]);
  const [customer, setCustomer] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    dataProvider
      .getServices()
      .then((list) => setServices(options(list)))
      .catch(() => toast('Error loading services', 'error'));
    dataProvider
      .getCustomers()
      .then((list) => setCustomers(options(list)))
      .catch(() => toast('Error loading customers', 'error'));
  }, [dataProvider, toast]);

  // A completed walk-in pre-fills the form with its customer and services.
  useEffect(() => {
    if (!fromWalkin) return;
    setCustomer(fromWalkin.customer_id ? String(fromWalkin.customer_id) : '');
    setChosen(fromWalkin.services.map((s) => s.id));
    // The services' prices add up to the suggested amount; the barber can still change it.
    setAmount(fromWalkin.services.length > 0 && fromWalkin.services_total !== undefined ? fromWalkin.services_total.toFixed(2) : '');
    setDescription(`Walk-in #${fromWalkin.id}`);
  }, [fromWalkin]);

  const reset = () => {
    setCustomer('');
    setChosen([]);
    setAmount('');
    setDescription('');
    onClearWalkin();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = invoiceProblem({ customer, services: chosen, amount });
    if (problem) return toast(problem, 'error');
    if (!(await requirePin())) return;
    setBusy(true);
    try {
      const reply = await dataProvider.createInvoice({
        customer: Number(customer),
        services: chosen,
        amount: amount.trim(),
        description: description.trim(),
        ...(fromWalkin ? { walkin_ticket_id: fromWalkin.id } : {}),
      });
      if (reply.status === 1) {
        toast('Invoice created!', 'success');
        reset();
        onCreated();
      } else {
        toast('Validation error', 'error', typeof reply.response === 'string' ? reply.response : undefined);
      }
    } catch {
      toast('Error creating invoice', 'error');
    } finally {
      setBusy(false);
    }
  };

  const serviceName = (id: number) => services.find((s) => s.id === id)?.name ?? fromWalkin?.services.find((s) => s.id === id)?.name ?? `#${id}`;

  return (
    <Card>
      <CardContent component="form" noValidate onSubmit={submit} aria-label="Create New Invoice">
        <Typography variant="h6" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <ReceiptLongIcon color="primary" /> Create New Invoice
        </Typography>
        {fromWalkin ? (
          <Alert severity="info" sx={{ mt: 2 }} action={<Button color="inherit" size="small" onClick={reset}>Clear</Button>}>
            For the walk-in of {fromWalkin.party_name}
            {fromWalkin.customer_id ? '' : ' (no customer record: choose the customer)'}
          </Alert>
        ) : null}
        <Stack spacing={2} sx={{ mt: 2 }}>
          <Stack direction="row" spacing={1} alignItems="flex-start">
            <TextField select label="Customer" value={customer} onChange={(e) => setCustomer(e.target.value)} required fullWidth>
              {customers.length === 0 ? (
                <MenuItem value="" disabled>
                  No customers yet
                </MenuItem>
              ) : null}
              {customers.map((c) => (
                <MenuItem key={c.id} value={String(c.id)}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="outlined" onClick={() => setAdding(true)} sx={{ whiteSpace: 'nowrap', minHeight: 56, flexShrink: 0 }}>
              New customer
            </Button>
          </Stack>
          <NewCustomerDialog
            open={adding}
            onClose={() => setAdding(false)}
            onCreated={(c) => {
              setCustomers((list) => [...list, c].sort((a, b) => a.name.localeCompare(b.name)));
              setCustomer(String(c.id));
            }}
          />
          <TextField
            select
            label="Services"
            value={chosen}
            required
            fullWidth
            onChange={(e) => {
              const value = e.target.value as unknown;
              setChosen((Array.isArray(value) ? value : String(value).split(',')).map(Number).filter((n) => Number.isInteger(n) && n > 0));
            }}
            slotProps={{
              select: {
                multiple: true,
                renderValue: (selected) => (
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                    {(selected as number[]).map((id) => (
                      <Chip key={id} size="small" label={serviceName(id)} />
                    ))}
                  </Box>
                ),
              },
            }}
          >
            {services.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                <Checkbox size="small" checked={chosen.includes(s.id)} />
                <ListItemText primary={s.name} />
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Amount"
            type="number"
            required
            fullWidth
            placeholder="0.00"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            slotProps={{ htmlInput: { step: 0.01, min: 0 }, input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
          />
          <TextField label="Description" multiline minRows={2} fullWidth placeholder="Optional notes…" value={description} onChange={(e) => setDescription(e.target.value)} />
        </Stack>
        <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ mt: 2 }}>
          {busy ? 'Creating…' : 'Create Invoice'}
        </Button>
      </CardContent>
    </Card>
  );
}

function InvoicesTable({ invoices, timeZone }: { invoices: InvoiceListItem[] | null; timeZone: string | undefined }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          My Invoices
        </Typography>
        {invoices === null ? <Spinner minHeight={120} /> : null}
        {invoices && invoices.length === 0 ? <Typography color="text.secondary">No invoices yet.</Typography> : null}
        {invoices && invoices.length > 0 ? (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="My Invoices">
              <TableHead>
                <TableRow>
                  <TableCell>ID</TableCell>
                  <TableCell>Customer</TableCell>
                  <TableCell>Services</TableCell>
                  <TableCell align="right">Amount</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Created</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {invoices.map((inv) => (
                  <TableRow key={inv.id} hover>
                    <TableCell>{inv.id}</TableCell>
                    <TableCell>{inv.client}</TableCell>
                    <TableCell>{inv.service}</TableCell>
                    <TableCell align="right">{formatMoney(inv.amount, 'usd', { cents: 'always' })}</TableCell>
                    <TableCell>
                      <Chip size="small" label={capitalise(inv.status)} color={inv.status === 'paid' ? 'success' : inv.status === 'void' ? 'default' : 'warning'} variant="outlined" />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatShopDateTime(inv.created_at, timeZone)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : null}
      </CardContent>
    </Card>
  );
}

export function InvoicePage({ fromWalkin, onClearWalkin, timeZone }: { fromWalkin: Walkin | null; onClearWalkin: () => void; timeZone: string | undefined }) {
  const { invoices, reload } = useMyInvoices();
  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 800 }}>
        Invoice
      </Typography>
      <InvoiceForm fromWalkin={fromWalkin} onClearWalkin={onClearWalkin} onCreated={() => void reload()} />
      <InvoicesTable invoices={invoices} timeZone={timeZone} />
    </Stack>
  );
}
