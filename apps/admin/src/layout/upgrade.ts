import { BASIC_PLAN_NAME } from '@chairline/shared';

/** BASIC PLAN with the trial over: the floating 'Upgrade Plan' button shows. */
export function needsUpgrade(user: { plan_name: string; trial_days_remaining: number }): boolean {
  return user.plan_name === BASIC_PLAN_NAME && user.trial_days_remaining < 1;
}
