import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import { checkProfilePhoto, DEFAULT_COMMISSION_PERCENTAGE, type TeamMember, BARBER_ROLE, isBarber } from '@chairline/shared';
import {
  Avatar,
  Box,
  Button,
  Checkbox,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { imageUrl } from '../common/image-url';
import { BOOKING_URL_DEFAULT, roleForSave, type TeamTab } from './team-rules';
import { TEAM_TEXTS } from './team-texts';

export interface TeamFormValues {
  name: string;
  phone_number: string;
  email: string;
  booking_url: string;
  role: string;
  photo: File | null;
  /** Owners, admins and managers choose whether they cut hair; barbers always do. */
  cuts_hair: boolean;
}

function initialValues(tab: TeamTab, member: TeamMember | null): TeamFormValues {
  return {
    name: member?.name ?? '',
    phone_number: member?.phone_number ?? '',
    email: member?.email || member?.uemail || '',
    booking_url: member?.booking_url || BOOKING_URL_DEFAULT,
    role: member?.role ?? (tab === 'managers' ? 'manager' : BARBER_ROLE),
    photo: null,
    cuts_hair: member?.cuts_hair ?? tab === 'barbers',
  };
}

/** The multipart body of POST /barbers/ and PUT /barbers/{id}/. */
export function teamFormData(values: TeamFormValues, tab: TeamTab, member: TeamMember | null): FormData {
  const form = new FormData();
  form.append('name', values.name.trim());
  form.append('phone_number', values.phone_number.trim());
  form.append('email', values.email.trim());
  form.append('new_employee', String(member?.new_employee ?? false));
  form.append('booking_url', values.booking_url.trim());
  // No inputs for these: keep the member's values, the shop defaults for a new one.
  // They are changed on the commission settings screen.
  form.append('payment_cycle', member?.payment_cycle ?? 'weekly');
  form.append('percentage', String(member?.percentage ?? DEFAULT_COMMISSION_PERCENTAGE));
  const role = member && tab === 'barbers' ? member.role : roleForSave(tab, values.role);
  form.append('role', role);
  if (!isBarber(role)) form.append('cuts_hair', String(values.cuts_hair));
  if (values.photo) form.append('profile_pic', values.photo);
  return form;
}

export interface TeamMemberFormProps {
  tab: TeamTab;
  member: TeamMember | null;
  canChooseAdmin: boolean;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (values: TeamFormValues) => void;
  onInvalid: (message: string, title?: string) => void;
}

export function TeamMemberForm({ tab, member, canChooseAdmin, busy, onCancel, onSubmit, onInvalid }: TeamMemberFormProps) {
  const [values, setValues] = useState<TeamFormValues>(() => initialValues(tab, member));
  const [errors, setErrors] = useState<Partial<Record<keyof TeamFormValues, string>>>({});
  const editing = member !== null;
  const preview = values.photo ? URL.createObjectURL(values.photo) : imageUrl(member?.profile_pic);
  const set = (key: keyof TeamFormValues) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The preliminary check: stop before saving when a required field is empty.
    const next: typeof errors = {};
    if (!values.name.trim()) next.name = 'Please enter a name';
    if (!values.phone_number.trim()) next.phone_number = 'Please enter a phone number';
    if (!values.email.trim()) next.email = TEAM_TEXTS.enterEmail;
    setErrors(next);
    if (next.email) onInvalid(TEAM_TEXTS.enterEmail);
    if (Object.keys(next).length > 0) return;
    onSubmit(values);
  };

  const onPhoto = (file: File | undefined) => {
    if (!file) return;
    const notice = checkProfilePhoto(file);
    if (notice) {
      onInvalid(notice.text, notice.title);
      return;
    }
    setValues((v) => ({ ...v, photo: file }));
  };

  const title = tab === 'managers' ? (editing ? 'Edit manager' : 'Create manager') : editing ? 'Edit barber' : 'Create barber';
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={title}>
      <DialogTitle id="team-form-title" sx={{ fontWeight: 700 }}>
        {title}
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Avatar src={preview} sx={{ width: 56, height: 56 }}>
            {values.name.trim().charAt(0).toUpperCase() || <PhotoCameraOutlinedIcon />}
          </Avatar>
          <Button component="label" variant="outlined" size="small">
            Photo
            <input hidden type="file" accept="image/*" aria-label="Photo" onChange={(e) => onPhoto(e.target.files?.[0])} />
          </Button>
          {values.photo && (
            <Typography variant="caption" color="text.secondary" noWrap>
              {values.photo.name}
            </Typography>
          )}
        </Box>
        <TextField label="Name" required value={values.name} onChange={set('name')} error={!!errors.name} helperText={errors.name} autoFocus />
        <TextField
          label="Phone number"
          required
          type="tel"
          placeholder={TEAM_TEXTS.phonePlaceholder}
          value={values.phone_number}
          onChange={set('phone_number')}
          error={!!errors.phone_number}
          helperText={errors.phone_number}
        />
        <TextField label="Email" required type="email" value={values.email} onChange={set('email')} error={!!errors.email} helperText={errors.email} />
        <TextField label="Booking URL" type="url" value={values.booking_url} onChange={set('booking_url')} />
        {tab === 'managers' && (
          <TextField select label="Role" value={values.role} onChange={set('role')}>
            <MenuItem value="manager">Manager</MenuItem>
            {(canChooseAdmin || values.role === 'admin') && <MenuItem value="admin">Admin</MenuItem>}
          </TextField>
        )}
        {(tab === 'managers' || (member !== null && !isBarber(member.role))) && (
          <Box>
            <FormControlLabel
              control={<Checkbox checked={values.cuts_hair} onChange={(e) => setValues((v) => ({ ...v, cuts_hair: e.target.checked }))} />}
              label="Cuts hair"
            />
            <FormHelperText sx={{ mt: 0 }}>
              Takes walk-ins: in the rotation, on the Barbers page and calendar, counted as a barber by your plan, earns commission.
            </FormHelperText>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button variant="outlined" color="inherit" onClick={onCancel} disabled={busy}>
          {TEAM_TEXTS.cancel}
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? (editing ? TEAM_TEXTS.updating : TEAM_TEXTS.adding) : editing ? TEAM_TEXTS.update : TEAM_TEXTS.add}
        </Button>
      </DialogActions>
    </Box>
  );
}
