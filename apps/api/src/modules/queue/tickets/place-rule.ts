/**
 * The rule for a waiting customer's place: the waiting customers ahead of them whom the same
 * barbers could take, plus one. Someone waiting for anyone counts everyone ahead; someone waiting
 * for a chosen barber counts those ahead for that barber or for anyone. Tickets are taken in the
 * order they joined (by id), so the rule is applied walking the line from the front.
 */
export interface PlaceCounts {
  /** Everyone waiting so far. */
  all: number;
  /** Those waiting for anyone. */
  forAnyone: number;
  /** Those waiting for a chosen barber, by barber. */
  forBarber: Map<number, number>;
}

export function noPlaceCounts(): PlaceCounts {
  return { all: 0, forAnyone: 0, forBarber: new Map() };
}

/** The place of a customer joining at the back of the line counted so far; counts them in, O(1). */
export function placeAtTheBack(counts: PlaceCounts, preferredBarberId: number | null): number {
  counts.all += 1;
  if (preferredBarberId === null) {
    counts.forAnyone += 1;
    return counts.all;
  }
  const mine = (counts.forBarber.get(preferredBarberId) ?? 0) + 1;
  counts.forBarber.set(preferredBarberId, mine);
  return mine + counts.forAnyone;
}
