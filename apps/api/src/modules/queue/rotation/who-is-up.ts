/**
 * Who is up: the first barber in rotation order who is available with nobody called or in their
 * chair. The rotation screens name them and call-next without a barber hands them the customer, so
 * both ask here.
 */
export function whoIsUp<T extends { status: string; ticket_id: number | null }>(rotationInOrder: readonly T[]): T | undefined {
  return rotationInOrder.find((barber) => barber.status === 'available' && barber.ticket_id === null);
}
