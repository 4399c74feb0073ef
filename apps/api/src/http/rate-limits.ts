/** Per-IP limits on the endpoints people could abuse. Tests pass tighter ones to prove them. */
export interface RateLimit {
  max: number;
  timeWindow: number;
}

export interface RateLimits {
  login: RateLimit;
  signup: RateLimit;
  forgotPassword: RateLimit;
  publicWrite: RateLimit;
  pin: RateLimit;
}

const MINUTE = 60_000;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 10, timeWindow: MINUTE },
  signup: { max: 10, timeWindow: 10 * MINUTE },
  forgotPassword: { max: 5, timeWindow: 15 * MINUTE },
  publicWrite: { max: 30, timeWindow: MINUTE },
  pin: { max: 5, timeWindow: 5 * MINUTE },
};
