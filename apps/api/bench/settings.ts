/**
 * Shops the check-in loads are spread over, so each queue stays the length of a busy day
 * (`BENCH_SHOPS`; the bench servers read it from the environment they inherit). The steady-rate
 * bench (`check-in-rate`) spreads its rush over 100 unless told otherwise.
 */
const steadyRate = process.argv[2] === 'check-in-rate';
export const BENCH_SHOPS = Number(process.env.BENCH_SHOPS ?? (steadyRate ? 100 : 20));
/** The shops a steady-rate rush is spread over, whichever bench runs it (`pnpm bench goals` too). */
export const STEADY_RATE_SHOPS = Number(process.env.BENCH_SHOPS ?? 100);
