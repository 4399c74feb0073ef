import { Alert, Box, Button, Card, CardContent, Chip, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Title, useDataProvider } from 'react-admin';
import { formatShopDateTime } from '@chairline/shared';
import { useShopTimeZone } from '../calendar/use-shop-time-zone';
import { errorText } from '../common/error-text';
import type { ChairlineDataProvider } from '@chairline/data-provider';

interface SupportMessage {
  id: number;
  subject: string;
  message: string;
  status: string;
  created_at: string;
  from: string;
}

/** A message to the product's support inbox (POST /support/) and the shop's past messages. */
export function SupportPage() {
  const dataProvider = useDataProvider<ChairlineDataProvider>();
  const timeZone = useShopTimeZone();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [past, setPast] = useState<SupportMessage[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);

  const load = useCallback(() => {
    dataProvider.getSupportMessages()
      .then(setPast)
      .catch((err: unknown) => setListError(errorText(err)));
  }, [dataProvider]);
  useEffect(load, [load]);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!subject.trim() || !message.trim()) {
      setResult({ ok: false, text: !subject.trim() ? 'Please enter a subject.' : 'Please write your message.' });
      return;
    }
    setBusy(true);
    try {
      const reply = await dataProvider.sendSupportMessage(subject, message);
      setResult({ ok: true, text: reply.message });
      setSubject('');
      setMessage('');
      load();
    } catch (err) {
      setResult({ ok: false, text: errorText(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, maxWidth: 800 }}>
      <Title title="Support" />
      <Card variant="outlined">
        <CardContent component="form" onSubmit={send} noValidate sx={{ display: 'grid', gap: 2 }}>
          <Box>
            <Typography variant="h5" component="h1">
              Contact support
            </Typography>
            <Typography color="text.secondary">Questions, problems or ideas: we answer by email, usually within a business day.</Typography>
          </Box>
          <TextField label="Subject" value={subject} onChange={(e) => setSubject(e.target.value)} required fullWidth slotProps={{ htmlInput: { maxLength: 200 } }} />
          <TextField
            label="Message"
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            required
            fullWidth
            multiline
            minRows={5}
            slotProps={{ htmlInput: { maxLength: 5000 } }}
            helperText={`${message.length}/5000`}
          />
          {result && <Alert severity={result.ok ? 'success' : 'error'}>{result.text}</Alert>}
          <Box>
            <Button type="submit" variant="contained" disabled={busy}>
              {busy ? 'Sending…' : 'Send message'}
            </Button>
          </Box>
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6">Your messages</Typography>
          {listError && <Alert severity="error">{listError}</Alert>}
          {past && past.length === 0 && <Typography color="text.secondary">You have not written to support yet.</Typography>}
          {past && past.length > 0 && (
            <List aria-label="Past messages">
              {past.map((m) => (
                <ListItem key={m.id} divider alignItems="flex-start" secondaryAction={<Chip size="small" label={m.status} />}>
                  <ListItemText
                    primary={m.subject}
                    secondary={
                      <Stack component="span">
                        <span>{`${formatShopDateTime(m.created_at, timeZone)}${m.from ? ` · ${m.from}` : ''}`}</span>
                        <Typography component="span" variant="body2" sx={{ whiteSpace: 'pre-wrap', pr: 8 }}>
                          {m.message}
                        </Typography>
                      </Stack>
                    }
                  />
                </ListItem>
              ))}
            </List>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
