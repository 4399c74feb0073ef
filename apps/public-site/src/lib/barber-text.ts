import { formatEtaRange, type BarberStatus, type PublicBarber } from '@chairline/shared';

export const BARBER_STATUS_LABELS: Record<BarberStatus, string> = {
  available: 'Available',
  busy: 'With a client',
  break: 'On break',
  off: 'Off today',
};

/** Barbers a customer can ask for: everyone who takes walk-ins now or later today. */
export const selectableBarbers = (barbers: readonly PublicBarber[]) => barbers.filter((b) => b.status !== 'off' && b.eta_range !== null);

/** The wait with "any barber": the shortest of the barbers' ranges. */
export function anyBarberWait(barbers: readonly PublicBarber[]): string {
  const ranges = selectableBarbers(barbers).flatMap((b) => (b.eta_range ? [b.eta_range] : []));
  if (ranges.length === 0) return formatEtaRange(null);
  const best = ranges.reduce((a, b) => (b.max_minutes < a.max_minutes || (b.max_minutes === a.max_minutes && b.min_minutes < a.min_minutes) ? b : a));
  return formatEtaRange(best);
}

/** "Wait: 10–20 min" label for a barber; "Not taking walk-ins" when off. */
export function barberWaitText(barber: PublicBarber): string {
  return barber.eta_range ? `Wait: ${formatEtaRange(barber.eta_range)}` : 'Not taking walk-ins';
}
