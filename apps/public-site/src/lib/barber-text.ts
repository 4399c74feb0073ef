import type { BarberStatus, PublicBarber } from '@chairline/shared';
import { formatWait, isWaitNow } from '@chairline/shared/wait-text';


/** Barbers a customer can ask for: everyone who takes walk-ins now or later today. */
export const selectableBarbers = (barbers: readonly PublicBarber[]) => barbers.filter((b) => b.status !== 'off' && b.eta_range !== null);

/**
 * The status a public screen shows, coherent with the wait: a barber is "Available" only when a new
 * customer would sit down now; one marked available with people ahead reads as with a client.
 */
export function shownStatus(barber: Pick<PublicBarber, 'status' | 'eta_range'>): BarberStatus {
  if (barber.status === 'available' && barber.eta_range !== null && !isWaitNow(barber.eta_range)) return 'busy';
  return barber.status;
}

/**
 * "Wait: about 20 min" under a barber; nothing for one who is free now (the "Available" chip says it);
 * "Not taking walk-ins" when off or on break.
 */
export function barberWaitText(barber: PublicBarber): string {
  if (!barber.eta_range) return 'Not taking walk-ins';
  if (isWaitNow(barber.eta_range)) return '';
  return `Wait: ${formatWait(barber.eta_range)}`;
}
