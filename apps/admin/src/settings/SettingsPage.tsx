import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { PIN_LENGTH, shopCountries, timeZoneNotRecognised, WEEKDAYS, type OpeningHours, type ShopSettings, type ShopSettingsInput } from '@chairline/shared';
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Title, useNotify, useDataProvider } from 'react-admin';
import { Spinner } from '../common/Spinner';
import { useSession } from '../layout/session';
import { LogoInput } from './LogoInput';
import { DEFAULT_DAY, OpeningHoursInput } from './OpeningHoursInput';
import { errorText } from '../common/error-text';
import type { ChairlineDataProvider } from '@chairline/data-provider';

function timeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
}

/** The countries a shop can be in, by their English name. */
function countryOptions(): { code: string; name: string }[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return shopCountries()
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

function Section({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box>
          <Typography variant="h6">{title}</Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary">
              {subtitle}
            </Typography>
          )}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

/** The form's values: the settings input, with what is typed kept as text until saved. */
type Draft = Required<Omit<ShopSettingsInput, 'pin' | 'country' | 'last_check_in_minutes'>> & {
  pin: string;
  country: string;
  /** Minutes before closing when check-ins stop, as typed ('' or digits). */
  last_check_in_minutes: string;
  /** Whether the shop keeps opening hours at all; without them customers may check in at any time. */
  hours_set: boolean;
};

const draftOf = (s: ShopSettings): Draft => ({
  name: s.name,
  username: s.username,
  address: s.address,
  phone_number: s.phone_number,
  // A saved zone that is not recognised any more is not in force: the zone in force (UTC) shows
  // until the owner chooses another, and a warning says so.
  timezone: s.timezone_recognised ? s.timezone : s.effective_timezone,
  // Once hours are on, days never saved show (and then save) the default hours, so what is on
  // screen is what is stored.
  opening_hours: Object.fromEntries(WEEKDAYS.map((d) => [d, { ...DEFAULT_DAY, ...s.opening_hours[d] }])) as OpeningHours,
  hours_set: WEEKDAYS.some((d) => s.opening_hours[d] !== undefined),
  pin_enabled: s.pin_enabled,
  pin: '',
  country: s.country,
  last_check_in_minutes: String(s.last_check_in_minutes ?? 0),
});

const NO_HOURS = 'No opening hours are set: customers can check in and book at any time.';

/** Shop settings (admin): profile, public link, logo, time zone, hours and the tablet PIN. */
export function SettingsPage() {
  const notify = useNotify();
  const dataProvider = useDataProvider<ChairlineDataProvider>();
  const session = useSession();
  const zones = useMemo(timeZones, []);
  const countries = useMemo(countryOptions, []);
  const [settings, setSettings] = useState<ShopSettings | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    dataProvider.getShopSettings()
      .then((s) => {
        setSettings(s);
        setDraft(draftOf(s));
      })
      .catch((err: unknown) => setLoadError(errorText(err)));
  }, [dataProvider]);

  if (loadError) return <Alert severity="error" sx={{ m: 2 }}>{loadError}</Alert>;
  if (!settings || !draft) return <Spinner />;

  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const usernameChanged = draft.username.trim().toLowerCase() !== settings.username;
  const pinProblem =
    draft.pin !== '' && draft.pin.length !== PIN_LENGTH
      ? `The PIN must be ${PIN_LENGTH} characters.`
      : draft.pin_enabled && !settings.pin_set && draft.pin === ''
        ? `Choose a ${PIN_LENGTH}-character PIN to turn the PIN on.`
        : null;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (pinProblem) {
      setSaveError(pinProblem);
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      const { pin, last_check_in_minutes, hours_set, opening_hours, ...rest } = draft;
      const lastCall = last_check_in_minutes.trim() === '' ? 0 : Number(last_check_in_minutes);
      // A shop without hours saves none, so saving its name or PIN never closes it in the evening.
      const hours = hours_set ? opening_hours : {};
      const saved = await dataProvider.saveShopSettings({ ...rest, opening_hours: hours, last_check_in_minutes: lastCall, ...(pin ? { pin } : {}) });
      setSettings(saved);
      setDraft(draftOf(saved));
      notify('Settings saved.', { type: 'success' });
      void session.reload();
    } catch (err) {
      setSaveError(errorText(err));
    } finally {
      setSaving(false);
    }
  };

  const publicLink = `${window.location.origin}/shop/${draft.username.trim().toLowerCase() || settings.username}`;

  return (
    <Box component="form" onSubmit={save} noValidate sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, maxWidth: 900 }}>
      <Title title="Settings" />
      <Typography variant="h5" component="h1">
        Shop settings
      </Typography>
      <Section title="Shop" subtitle="What customers see on your check-in page.">
        <LogoInput settings={settings} onSaved={(s) => setSettings(s)} />
        <TextField label="Shop name" value={draft.name} onChange={(e) => set({ name: e.target.value })} required fullWidth />
        <TextField
          label="Shop username"
          value={draft.username}
          onChange={(e) => set({ username: e.target.value })}
          required
          fullWidth
          helperText={`Public link: ${publicLink}`}
        />
        {usernameChanged && (
          <Alert severity="warning">
            Changing the username changes your public link to {publicLink}. The old link, printed QR codes and bookmarks keep working:
            they lead to the new link, and nobody else can take the old username.
          </Alert>
        )}
        <TextField label="Address" value={draft.address} onChange={(e) => set({ address: e.target.value })} fullWidth multiline />
        <TextField label="Phone" type="tel" value={draft.phone_number} onChange={(e) => set({ phone_number: e.target.value })} placeholder="123-456-7890" fullWidth />
        <TextField
          select
          label="Country"
          value={draft.country}
          onChange={(e) => set({ country: e.target.value })}
          slotProps={{ select: { native: true } }}
          helperText="Customer phone numbers typed without a country code are read as this country's."
          fullWidth
        >
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </TextField>
      </Section>
      <Section title="Time zone and opening hours" subtitle="Today's queue, statistics and appointments follow the shop's time zone. With opening hours kept, customers can check in only while the shop is open.">
        {!settings.timezone_recognised && (
          <Alert severity="warning" role="alert">
            {timeZoneNotRecognised(settings.timezone, settings.effective_timezone)}
          </Alert>
        )}
        <Autocomplete
          options={zones}
          value={draft.timezone}
          disableClearable
          onChange={(_, v) => set({ timezone: v })}
          renderInput={(params) => <TextField {...params} label="Time zone" />}
        />
        <FormControlLabel
          control={<Switch checked={draft.hours_set} onChange={(e) => set({ hours_set: e.target.checked })} />}
          label="Keep opening hours"
        />
        {draft.hours_set ? (
          <>
            <OpeningHoursInput value={draft.opening_hours} onChange={(v) => set({ opening_hours: v })} />
            <TextField
              label="Last check-in (minutes before closing)"
              type="number"
              value={draft.last_check_in_minutes}
              onChange={(e) => set({ last_check_in_minutes: e.target.value })}
              slotProps={{ htmlInput: { min: 0, max: 720, step: 5, inputMode: 'numeric' } }}
              helperText="Customers cannot check in during this many minutes before closing. 0 takes check-ins until closing."
              sx={{ maxWidth: 320 }}
            />
          </>
        ) : (
          <Typography color="text.secondary">{NO_HOURS}</Typography>
        )}
      </Section>
      <Section title="PIN" subtitle="On a shared tablet, barbers type the shop PIN before creating an invoice or changing their profile.">
        <FormControlLabel control={<Switch checked={draft.pin_enabled} onChange={(e) => set({ pin_enabled: e.target.checked })} />} label="Require the PIN" />
        <TextField
          label={settings.pin_set ? 'New PIN (leave empty to keep the current one)' : 'PIN'}
          type="password"
          value={draft.pin}
          onChange={(e) => set({ pin: e.target.value.slice(0, PIN_LENGTH) })}
          slotProps={{ htmlInput: { maxLength: PIN_LENGTH, autoComplete: 'new-password' } }}
          helperText={`${PIN_LENGTH} characters`}
          sx={{ maxWidth: 360 }}
        />
      </Section>
      {saveError && <Alert severity="error">{saveError}</Alert>}
      <Stack direction="row" gap={2} sx={{ position: 'sticky', bottom: 0, py: 1, bgcolor: 'background.default' }}>
        <Button type="submit" variant="contained" disabled={saving}>
          {saving ? 'Saving…' : 'Save settings'}
        </Button>
        <Button onClick={() => setDraft(draftOf(settings))} disabled={saving}>
          Discard changes
        </Button>
      </Stack>
    </Box>
  );
}
