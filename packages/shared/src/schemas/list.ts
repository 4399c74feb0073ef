import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants.js';

/** `?page=&page_size=&ordering=&search=` on every list route; `ordering` is `field` or `-field`. */
export const listQuery = <F extends string>(orderable: readonly [F, ...F[]]) =>
  z.object({
    page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page starts at 1').default(1),
    page_size: z.coerce
      .number({ error: 'page_size must be a number' })
      .int()
      .min(1, `page_size must be between 1 and ${MAX_PAGE_SIZE}`)
      .max(MAX_PAGE_SIZE, `page_size must be between 1 and ${MAX_PAGE_SIZE}`)
      .default(25),
    ordering: z
      .string()
      .optional()
      .refine(
        (v) => v === undefined || (orderable as readonly string[]).includes(v.replace(/^-/, '')),
        `ordering must be one of: ${orderable.join(', ')} (prefix - for descending)`,
      ),
    search: z.string().trim().max(100, 'The search is too long.').optional(),
    timezone: z.string().optional(),
  });

export const idParams = z.object({
  id: z.coerce.number({ error: 'Not found.' }).int('Not found.').positive('Not found.').max(2_147_483_647, 'Not found.'),
});

export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({ status: z.literal(1), response: z.array(item), total: z.number().int() });
