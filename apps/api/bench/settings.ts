/** Shops the check-in load is spread over, so each queue stays the length of a busy day. */
export const BENCH_SHOPS = 20;
