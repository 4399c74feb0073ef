import CloseIcon from '@mui/icons-material/Close';
import { BASIC_PLAN_NAME, MOBILE_BREAKPOINT_PX } from '@chairline/shared';
import { Box, Button, IconButton, Typography, useMediaQuery } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { SIDEBAR_WIDTH } from '../layout/brand';
import { UPGRADE_PATH } from './rules';

/** Just below the floating 'Upgrade Plan' button (1200), which then sits over the banner's right end. */
const BANNER_Z_INDEX = 1150;

/**
 * The bottom banner: a slim bar along the bottom of the content area (never over the sidebar). With
 * the floating 'Upgrade Plan' button showing (`raised`), its own buttons keep clear of it.
 */
export function BottomBanner({ raised, onClose }: { raised: boolean; onClose: () => void }) {
  const mobile = useMediaQuery(`(max-width:${MOBILE_BREAKPOINT_PX - 1}px)`, { noSsr: true });
  return (
    <Box
      role="region"
      aria-label="Upgrade banner"
      data-testid="upgrade-bottom-banner"
      sx={{
        position: 'fixed',
        left: mobile ? 0 : SIDEBAR_WIDTH,
        right: 0,
        bottom: 0,
        zIndex: BANNER_Z_INDEX,
        bgcolor: 'grey.900',
        color: 'common.white',
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 1.5,
        pl: { xs: 2, md: 3 },
        pr: raised ? '230px' : { xs: 2, md: 3 },
        py: 1.25,
        boxShadow: '0 -6px 20px rgba(0,0,0,0.18)',
      }}
    >
      <Typography sx={{ flex: 1, minWidth: 200, fontWeight: 600, fontSize: 15 }}>
        You're on the free {BASIC_PLAN_NAME}. Upgrade for more barbers and check-ins.
      </Typography>
      <Button component={RouterLink} to={UPGRADE_PATH} onClick={onClose} variant="contained" color="warning" size="small" disableElevation>
        See plans
      </Button>
      <IconButton aria-label="Close" onClick={onClose} size="small" sx={{ color: 'inherit' }}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
