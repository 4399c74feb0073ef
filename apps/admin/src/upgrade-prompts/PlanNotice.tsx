import { PLAN_NOTICE_DISMISSED_KEY } from '@chairline/shared';
import { Alert, Link } from '@mui/material';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useSession } from '../layout/session';
import { storage } from '../providers';
import { isDismissed, planNoticeFor, withDismissal } from './plan-notice';

/** The trial / free plan / past-due notice at the top of the back office, until dismissed. */
export function PlanNotice() {
  const { user } = useSession();
  const notice = useMemo(() => planNoticeFor(user, new Date(), navigator.language), [user]);
  const [stored, setStored] = useState(() => storage.getItem(PLAN_NOTICE_DISMISSED_KEY));
  if (!notice || isDismissed(notice, stored)) return null;

  const dismiss = () => {
    const next = withDismissal(notice, stored);
    storage.setItem(PLAN_NOTICE_DISMISSED_KEY, next);
    setStored(next);
  };

  return (
    <Alert
      severity={notice.severity}
      variant={notice.kind === 'past_due' ? 'filled' : 'standard'}
      onClose={dismiss}
      closeText="Dismiss notice"
      role="status"
      data-testid="plan-notice"
      data-kind={notice.kind}
      sx={{ mb: 2, alignItems: 'center' }}
    >
      {notice.text}{' '}
      <Link component={RouterLink} to={notice.link.to} color="inherit" sx={{ fontWeight: 700 }}>
        {notice.link.label}
      </Link>
    </Alert>
  );
}
