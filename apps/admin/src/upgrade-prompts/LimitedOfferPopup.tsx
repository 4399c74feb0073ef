import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { FloatingPrompt } from './FloatingPrompt';

/** The limited popup: a reminder that paid plans, with any current discount, are a click away. */
export function LimitedOfferPopup({ raised, onClose }: { raised: boolean; onClose: () => void }) {
  return (
    <FloatingPrompt testId="upgrade-limited-popup" title="Limited-time offer" icon={<LocalOfferIcon />} accent="secondary.main" action="View offers" onClose={onClose} raised={raised}>
      Upgrade now for more barbers, more check-ins and 24/7 support. Current discounts are shown on each plan.
    </FloatingPrompt>
  );
}
