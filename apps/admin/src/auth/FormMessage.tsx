import { Alert } from '@mui/material';

export type Message = { kind: 'error' | 'success' | 'info'; text: string } | null;

/** The form's one message line: errors are announced (role alert), success politely (role status). */
export function FormMessage({ message }: { message: Message }) {
  if (!message) return null;
  return (
    <Alert severity={message.kind} role={message.kind === 'error' ? 'alert' : 'status'} sx={{ mb: 2 }}>
      {message.text}
    </Alert>
  );
}
