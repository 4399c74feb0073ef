import type { PublicShop } from '@chairline/shared';

type CheckInState = NonNullable<PublicShop['check_in']>;

const HEADINGS: Record<NonNullable<CheckInState['reason']>, string> = {
  closed: "We're closed",
  last_call: 'Check-ins are closed for today',
  paused: 'Check-ins are paused',
  limit_reached: 'Not taking online check-ins',
};

/**
 * Shown instead of the Check in button when the shop takes no check-in now (closed, last call,
 * paused, monthly limit): the customer learns it before typing anything.
 */
export function CheckInClosed({ state, kiosk }: { state: CheckInState; kiosk: boolean }) {
  const heading = state.reason ? HEADINGS[state.reason] : HEADINGS.closed;
  return (
    <div className={`join join-closed ${kiosk ? 'join-kiosk' : ''}`} role="status" data-check-in={state.reason ?? 'closed'}>
      <div>
        <h2>{heading}</h2>
        <p className="check-in-closed-message">{state.message ?? 'This shop is not taking check-ins right now. Please see the front desk.'}</p>
      </div>
    </div>
  );
}
