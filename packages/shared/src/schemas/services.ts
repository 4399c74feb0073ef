import { z } from 'zod';

/** Money typed by a person: a number of currency units with at most 2 decimals. */
export const moneyAmount = z
  .number({ error: 'Please enter an amount.' })
  .min(0, 'The amount cannot be negative.')
  .max(100_000, 'The amount is too large.')
  .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
    message: 'The amount can have at most 2 decimals.',
  });

export const serviceInput = z.object({
  name: z.string({ error: 'Please enter the service name.' }).trim().min(1, 'Please enter the service name.').max(120),
  estimated_minutes: z
    .number({ error: 'Please enter the estimated time in minutes.' })
    .int('The estimated time must be whole minutes.')
    .min(1, 'The estimated time must be at least 1 minute.')
    .max(600, 'The estimated time must be at most 600 minutes.'),
  price: moneyAmount,
  description: z.string().trim().max(1000).default(''),
});
export type ServiceInput = z.infer<typeof serviceInput>;

export const service = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  estimated_minutes: z.number().int(),
  /** E.g. '30 min', '1 h 15 min'. */
  formatted_estimated_time: z.string(),
  price: z.number(),
  active: z.boolean(),
});
export type Service = z.infer<typeof service>;

export { formatEstimatedTime } from '../durations.js';
