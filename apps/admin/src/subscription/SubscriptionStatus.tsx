import { Alert, Button } from '@mui/material';
import { BASIC_PLAN_NAME, DEFAULT_BARBER_LIMIT, DEFAULT_CHECK_IN_LIMIT } from '@chairline/shared';
import { useState } from 'react';
import { dayMonth, openBillingPortal } from '../billing/portal';
import { useSession } from '../layout/session';
import { errorText } from '../common/error-text';
import { useDataProvider } from 'react-admin';
import type { ChairlineDataProvider } from '@chairline/data-provider';

/**
 * Where the shop stands, above the plans: the trial's end, a failed payment and its grace period,
 * a lapsed or canceled plan, and what the free BASIC PLAN keeps. Paying shops get 'Manage billing'.
 */
export function SubscriptionStatus() {
  const { user } = useSession();
  const dataProvider = useDataProvider<ChairlineDataProvider>();
  const [error, setError] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const status = user.subscription_status;

  const manage = (
    <Button
      color="inherit"
      size="small"
      disabled={opening}
      onClick={() => {
        setOpening(true);
        setError(null);
        openBillingPortal(dataProvider).catch((err: unknown) => {
          setError(errorText(err));
          setOpening(false);
        });
      }}
    >
      Manage billing
    </Button>
  );
  const keeps = `On the free ${BASIC_PLAN_NAME} you keep ${DEFAULT_BARBER_LIMIT} barbers and ${DEFAULT_CHECK_IN_LIMIT} check-ins a month, and all your data stays.`;

  let notice = null;
  if (status === 'past_due' && user.is_subscription_active) {
    notice = (
      <Alert severity="error" action={manage}>
        Your last payment for the {user.plan_name} failed.{' '}
        {user.grace_ends_at ? `Update your card by ${dayMonth(user.grace_ends_at, user.shop_time_zone)} to keep everything working.` : 'Update your card to keep everything working.'}
      </Alert>
    );
  } else if (status === 'past_due') {
    notice = (
      <Alert severity="error" action={manage}>
        Your {user.plan_name} is inactive because the payment failed. Your data is safe, but changes and online check-ins are paused until
        you update your card or choose a plan.
      </Alert>
    );
  } else if (status === 'trialing' && user.trial_ends_at) {
    notice = (
      <Alert severity="info">
        You are on the {user.plan_name} trial. Your trial ends on {dayMonth(user.trial_ends_at, user.shop_time_zone)}.
      </Alert>
    );
  } else if (status === 'canceled') {
    notice = <Alert severity="info">Your paid subscription has ended. {keeps}</Alert>;
  } else if (user.plan_name === BASIC_PLAN_NAME && !user.is_subscription_active) {
    notice = <Alert severity="warning">Your trial is over. {keeps}</Alert>;
  } else if (user.is_subscription_active && user.plan_name !== BASIC_PLAN_NAME) {
    notice = (
      <Alert severity="success" action={manage}>
        You are on the {user.plan_name} (active).
      </Alert>
    );
  }
  if (!notice) return null;
  return (
    <>
      {notice}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </>
  );
}
