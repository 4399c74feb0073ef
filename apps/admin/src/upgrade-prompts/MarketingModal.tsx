import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import { PRODUCT_NAME, limitText } from '@chairline/shared';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { PromptUser } from './rules';
import { UPGRADE_PATH } from './rules';

const TITLE_ID = 'marketing-modal-title';

/** The marketing modal: shown once after login; closing it (any way) marks it as shown. */
export function MarketingModal({ user, onClose }: { user: PromptUser; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} aria-labelledby={TITLE_ID} maxWidth="xs" fullWidth data-upgrade-prompt="">
      <DialogTitle id={TITLE_ID} sx={{ pr: 6, display: 'flex', alignItems: 'center', gap: 1 }}>
        <RocketLaunchIcon color="primary" />
        Get more out of {PRODUCT_NAME}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent>
        <Typography color="text.secondary">
          Your shop is on the free {user.plan_name}: {limitText(user.barber_limit)} barbers and {limitText(user.total_check_ins)} check-ins a month. A paid plan
          gives you:
        </Typography>
        <List dense>
          {['More barbers in the rotation', 'More check-ins every month', '24/7 Customer Support'].map((text) => (
            <ListItem key={text} disableGutters>
              <ListItemIcon sx={{ minWidth: 32 }}>
                <CheckIcon color="success" fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={text} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Maybe later</Button>
        <Box sx={{ flex: 1 }} />
        <Button component={RouterLink} to={UPGRADE_PATH} onClick={onClose} variant="contained" disableElevation>
          See plans
        </Button>
      </DialogActions>
    </Dialog>
  );
}
