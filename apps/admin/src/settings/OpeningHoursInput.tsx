import { Checkbox, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import { WEEKDAYS, type OpeningHours } from '@chairline/shared';

type Day = (typeof WEEKDAYS)[number];
const NAMES: Record<Day, string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };
export const DEFAULT_DAY = { closed: false, open: '09:00', close: '18:00' };

/** One row per weekday: open/close times, or closed. */
export function OpeningHoursInput({ value, onChange }: { value: OpeningHours; onChange: (v: OpeningHours) => void }) {
  return (
    <Stack gap={1} role="group" aria-label="Opening hours">
      {WEEKDAYS.map((d) => {
        const day = { ...DEFAULT_DAY, ...value[d] };
        const set = (patch: Partial<typeof day>) => onChange({ ...value, [d]: { ...day, ...patch } });
        const invalid = !day.closed && day.open >= day.close;
        return (
          <Stack key={d} direction="row" gap={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ width: 100 }}>{NAMES[d]}</Typography>
            <TextField
              size="small"
              type="time"
              label="Opens"
              value={day.open}
              disabled={day.closed}
              onChange={(e) => set({ open: e.target.value })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': `${NAMES[d]} opens` } }}
              sx={{ width: 150 }}
            />
            <TextField
              size="small"
              type="time"
              label="Closes"
              value={day.close}
              disabled={day.closed}
              error={invalid}
              helperText={invalid ? 'Closes before it opens' : undefined}
              onChange={(e) => set({ close: e.target.value })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': `${NAMES[d]} closes` } }}
              sx={{ width: 150 }}
            />
            <FormControlLabel control={<Checkbox checked={day.closed} onChange={(e) => set({ closed: e.target.checked })} />} label="Closed" />
          </Stack>
        );
      })}
    </Stack>
  );
}
