import { Alert, Box, Link, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import {
  PRODUCT_NAME,
  STORAGE_KEYS,
  isBasicTrialOver,
  planButton,
  pricingTitle,
  showIntervalToggle,
  visiblePlans,
  type BillingInterval,
  type Plan,
} from '@chairline/shared';
import { useEffect, useState } from 'react';
import { Title, useDataProvider } from 'react-admin';
import { Spinner } from '../common/Spinner';
import { useSession } from '../layout/session';
import { CheckoutResult } from './CheckoutResult';
import { PlanCard } from './PlanCard';
import { SubscriptionStatus } from './SubscriptionStatus';
import type { ChairlineDataProvider } from '@chairline/data-provider';
import { errorText } from '../common/error-text';

/** The affiliate who invited this shop, if the stored invite has not expired; else -1. */
function invitedBy(): number {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.affiliateInvite);
    if (!raw) return -1;
    const invite = JSON.parse(raw) as { id?: unknown; expiresAt?: unknown };
    if (typeof invite.id !== 'number' || typeof invite.expiresAt !== 'number' || invite.expiresAt < Date.now()) return -1;
    return invite.id;
  } catch {
    return -1;
  }
}

/** The pricing / plans screen with its plan button, trial-over and skip rules. */
export function SubscriptionPage() {
  const { user } = useSession();
  const dataProvider = useDataProvider<ChairlineDataProvider>();
  const [plans, setPlans] = useState<Plan[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [billing, setBilling] = useState<BillingInterval>('month');
  const [processing, setProcessing] = useState<number | null>(null);
  const [skipping, setSkipping] = useState(false);

  useEffect(() => {
    dataProvider
      .getPlans()
      .then(setPlans)
      .catch((err: unknown) => setError(`Error fetching plans: ${errorText(err)}`));
  }, [dataProvider]);

  const subscribe = async (plan: Plan) => {
    setProcessing(plan.id);
    setError(null);
    try {
      window.location.assign(await dataProvider.subscribe(plan.id, invitedBy()));
      return;
    } catch (err) {
      // 'Subscription error: ' + the reason; the reply's error field is the reason as is.
      setError(`Subscription error: ${errorText(err)}`);
    }
    setProcessing(null);
  };

  const skip = async () => {
    setSkipping(true);
    setError(null);
    try {
      await dataProvider.skipPayment();
      window.location.reload();
      return;
    } catch (err) {
      setError(errorText(err));
    }
    setSkipping(false);
  };

  const trialOver = isBasicTrialOver(user);
  const shown = plans ? visiblePlans(plans, billing, user) : [];

  return (
    <Box sx={{ p: { xs: 2, sm: 4 }, maxWidth: 1200, mx: 'auto' }}>
      <Title title="Subscription" />
      <Box sx={{ textAlign: 'center', mb: 3 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {pricingTitle(user, PRODUCT_NAME)}
        </Typography>
        <Typography color="text.secondary">Select the perfect plan for your shop's needs</Typography>
      </Box>
      <CheckoutResult />
      <Box sx={{ mb: 2 }}>
        <SubscriptionStatus />
      </Box>
      {plans && showIntervalToggle(plans) && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
          <ToggleButtonGroup exclusive value={billing} onChange={(_, v: BillingInterval | null) => v && setBilling(v)} aria-label="Billing interval">
            <ToggleButton value="month">Monthly</ToggleButton>
            <ToggleButton value="year">Yearly</ToggleButton>
          </ToggleButtonGroup>
        </Box>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {!plans && !error && <Spinner />}
      {plans && (
        <Box
          sx={{
            // Swipe carousel on small screens, grid on large ones.
            display: { xs: 'flex', md: 'grid' },
            gridTemplateColumns: { md: `repeat(${Math.min(Math.max(shown.length, 1), 4)}, minmax(0, 1fr))` },
            overflowX: { xs: 'auto', md: 'visible' },
            scrollSnapType: { xs: 'x mandatory', md: 'none' },
            gap: 2,
            pb: 1,
            '& > *': { flex: { xs: '0 0 85%', sm: '0 0 45%' }, scrollSnapAlign: 'center' },
          }}
        >
          {shown.map((p) => (
            <Box key={p.id}>
              <PlanCard plan={p} button={planButton(p, user, processing)} onChoose={() => void subscribe(p)} />
            </Box>
          ))}
        </Box>
      )}
      {trialOver && (
        <Box sx={{ textAlign: 'center', mt: 3 }}>
          <Link component="button" type="button" onClick={() => void skip()} disabled={skipping} underline="hover">
            Skip and continue with basic plan
          </Link>
        </Box>
      )}
    </Box>
  );
}
