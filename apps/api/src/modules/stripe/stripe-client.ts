import Stripe from 'stripe';
import type { Config } from '../../config/env.js';

/**
 * The Stripe SDK client, or null when STRIPE_SECRET_KEY is not set (the default local run: paid
 * plans then answer that online payments are not set up). STRIPE_API_BASE points the SDK at
 * another address speaking the Stripe API (the tests' local server).
 */
export function createStripe(config: Config): Stripe | null {
  const { secretKey, apiBase } = config.stripe;
  if (!secretKey) return null;
  const base = apiBase ? new URL(apiBase) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    appInfo: { name: 'Chairline' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** Stripe's own errors (network, API) as opposed to ours. */
export const isStripeError = (err: unknown): err is Stripe.errors.StripeError => err instanceof Stripe.errors.StripeError;

/** The Stripe Price of a plan is found by this key, never by an id copied by hand. */
export const priceLookupKey = (planCode: string) => `chairline_${planCode}`;

/** Stripe's seconds since the epoch as a Date. */
export const fromUnix = (seconds: number | null | undefined): Date | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

/** The id of an expandable Stripe field, whether it came expanded or not. */
export const idOf = (v: string | { id: string } | null | undefined): string | null => (v == null ? null : typeof v === 'string' ? v : v.id);
