import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import { useState } from 'react';

export function PasswordField(props: {
  label: string;
  name: string;
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  helperText?: string;
}) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      label={props.label}
      name={props.name}
      type={shown ? 'text' : 'password'}
      autoComplete={props.autoComplete}
      fullWidth
      value={props.value}
      helperText={props.helperText}
      onChange={(e) => props.onChange(e.target.value)}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton aria-label={shown ? 'Hide password' : 'Show password'} onClick={() => setShown((s) => !s)} edge="end" size="small">
                {shown ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
