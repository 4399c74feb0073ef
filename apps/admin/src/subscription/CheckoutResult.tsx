import { Alert } from '@mui/material';
import { BASIC_PLAN_NAME, type SessionUser } from '@chairline/shared';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '../layout/session';

/** How often the screen asks the server whether Stripe's confirmation (the webhook) has arrived. */
const POLL_MS = 2000;
/** After this many checks the screen says it is still waiting (it keeps checking). */
const PATIENT_CHECKS = 30;

/** A paid plan is in force: the webhook has been applied. The browser's return alone proves nothing. */
const paidPlanInForce = (user: SessionUser) => user.is_subscription_active && user.plan_name !== BASIC_PLAN_NAME;

/**
 * The result of coming back from Stripe Checkout (`?checkout=success|canceled|changed`). A success
 * is only shown once the server says so: until then the screen says the payment is being
 * confirmed and reloads the session user every few seconds.
 */
export function CheckoutResult() {
  const { user, reload } = useSession();
  const [search] = useSearchParams();
  const result = search.get('checkout');
  const confirmed = paidPlanInForce(user);
  const [checks, setChecks] = useState(0);

  useEffect(() => {
    if (result !== 'success' || confirmed) return;
    const timer = setTimeout(() => {
      void reload().finally(() => setChecks((n) => n + 1));
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [result, confirmed, checks, reload]);

  if (result === 'canceled') {
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        Checkout was canceled. Nothing was charged; choose a plan whenever you are ready.
      </Alert>
    );
  }
  if (result === 'changed') {
    return (
      <Alert severity="success" sx={{ mb: 2 }}>
        Your plan has changed: you are on the {user.plan_name}. The difference is prorated on your next invoice.
      </Alert>
    );
  }
  if (result !== 'success') return null;
  if (confirmed) {
    return (
      <Alert severity="success" sx={{ mb: 2 }} role="status">
        Payment confirmed: you are on the {user.plan_name}.
      </Alert>
    );
  }
  return (
    <Alert severity="info" sx={{ mb: 2 }} role="status">
      {checks < PATIENT_CHECKS
        ? 'Thank you! Your payment is being confirmed with Stripe; this page updates by itself.'
        : 'Still waiting for Stripe to confirm your payment. This page keeps checking; if nothing changes within a few minutes, contact support.'}
    </Alert>
  );
}
