import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, IconButton, Paper, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { UPGRADE_PATH } from './rules';

/** Below MUI's modals (1300) so an open dialog always covers a prompt, above the page and its buttons. */
export const PROMPT_Z_INDEX = 1250;

export interface FloatingPromptProps {
  /** Names the prompt for assistive technology; also shown as its heading. */
  title: string;
  icon?: ReactNode;
  children?: ReactNode;
  /** The link to the plans screen. */
  action: string;
  onClose: () => void;
  /** Lifts the card above the floating 'Upgrade Plan' button when that shows. */
  raised?: boolean;
  accent?: string;
  testId: string;
  footer?: ReactNode;
}

/**
 * A non-modal upgrade prompt card in the bottom-right corner: a titled, labelled dialog that does
 * not trap focus; the close button or Escape closes it, the link leads to the plans screen.
 */
export function FloatingPrompt({ title, icon, children, action, onClose, raised = false, accent = 'primary.main', testId, footer }: FloatingPromptProps) {
  const titleId = useId();
  return (
    <Paper
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid={testId}
      elevation={8}
      sx={{
        position: 'fixed',
        right: { xs: 12, sm: 24 },
        bottom: raised ? 96 : 24,
        zIndex: PROMPT_Z_INDEX,
        width: 340,
        maxWidth: 'calc(100vw - 24px)',
        borderRadius: 3,
        borderTop: '4px solid',
        borderColor: accent,
        p: 2,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        {icon && <Box sx={{ color: accent, display: 'flex', pt: 0.25 }}>{icon}</Box>}
        <Typography id={titleId} component="h2" sx={{ fontWeight: 700, fontSize: 16, flex: 1 }}>
          {title}
        </Typography>
        <IconButton size="small" aria-label="Close" onClick={onClose} sx={{ mt: -0.5, mr: -0.5 }}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      {children && <Box sx={{ mt: 1, color: 'text.secondary', fontSize: 14 }}>{children}</Box>}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1.5 }}>
        <Button component={RouterLink} to={UPGRADE_PATH} onClick={onClose} variant="contained" size="small" disableElevation>
          {action}
        </Button>
        <Box sx={{ flex: 1 }} />
        {footer}
      </Box>
    </Paper>
  );
}
