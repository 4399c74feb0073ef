import { z } from 'zod';
import { MAX_ID, NO_SUCH_RECORD } from './common.js';

/**
 * Taking a team member out of the walk-in rotation, or putting them back
 * (POST /api/rotation/leave/ and /api/rotation/join/). Only owners and managers choose whether they
 * take walk-ins; a barber always does. The reply is the rotation as GET /api/rotation/ gives it.
 */
export const rotationMembershipInput = z.object({
  barber_id: z.number({ error: 'Choose a team member.' }).int().positive().max(MAX_ID, NO_SUCH_RECORD),
  reason: z.string().trim().max(200, 'Keep the reason under 200 characters.').default(''),
});
export type RotationMembershipInput = z.input<typeof rotationMembershipInput>;
