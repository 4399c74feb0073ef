/**
 * The commission on an amount at a rate in percent (two decimals at most), in integer minor units,
 * rounded half up: the rate becomes basis points so no floating-point cents appear.
 */
export function commissionOn(amount: number, percent: number): number {
  const basisPoints = Math.round(percent * 100);
  return Math.floor((amount * basisPoints + 5000) / 10_000);
}
