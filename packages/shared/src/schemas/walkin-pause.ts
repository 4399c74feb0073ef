import { z } from 'zod';

/** POST /walkins/pause/: the reason customers are shown while the walk-in list is paused. */
export const pauseWalkinsInput = z.object({
  reason: z
    .string({ error: 'Please write the reason customers will see.' })
    .trim()
    .max(200, 'The reason is too long (200 characters at most).')
    .default(''),
});
export type PauseWalkinsInput = z.input<typeof pauseWalkinsInput>;

/** Whether the shop's walk-in list is paused (GET /walkins/pause/, and the pause and resume replies). */
export const walkinPause = z.object({
  paused: z.boolean(),
  /** The reason customers see; null when not paused or none given. */
  reason: z.string().nullable(),
  paused_at: z.string().nullable(),
});
export type WalkinPause = z.infer<typeof walkinPause>;
