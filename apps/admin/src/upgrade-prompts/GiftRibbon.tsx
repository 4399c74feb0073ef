import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import { Typography } from '@mui/material';
import { FloatingPrompt } from './FloatingPrompt';

/** The corner gift ribbon: shown while at least 2 trial days remain. */
export function GiftRibbon({ trialDays, raised, onClose }: { trialDays: number; raised: boolean; onClose: () => void }) {
  return (
    <FloatingPrompt testId="upgrade-gift-ribbon" title="A gift for your trial" icon={<CardGiftcardIcon />} accent="success.main" action="Choose a plan" onClose={onClose} raised={raised}>
      <Typography component="span" sx={{ fontSize: 'inherit' }}>
        {trialDays} trial days left. Choose a plan now and keep everything you have set up.
      </Typography>
    </FloatingPrompt>
  );
}
