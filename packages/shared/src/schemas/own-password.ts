import { z } from 'zod';
import { password } from './common.js';

/** The texts of changing one's own password, shared by the server and the Profile forms. */
export const OWN_PASSWORD_MESSAGES = {
  currentRequired: 'Please enter your current password.',
  wrongCurrent: 'Your current password is not correct.',
  mismatch: 'The new passwords do not match.',
  changed: 'Your password has been changed. Other devices have been signed out.',
} as const;

/**
 * POST /auth/change-password/: a signed-in shop user proves the current password and chooses a
 * new one under the same rules as sign-up.
 */
export const ownPasswordChange = z.object({
  current_password: z.string({ error: OWN_PASSWORD_MESSAGES.currentRequired }).min(1, OWN_PASSWORD_MESSAGES.currentRequired),
  new_password: password,
});
export type OwnPasswordChange = z.infer<typeof ownPasswordChange>;

/** The form's check before sending: the same rules, plus the confirmation matching. Null when fine. */
export function ownPasswordFormError(values: { current_password: string; new_password: string; confirm_password: string }): string | null {
  const parsed = ownPasswordChange.safeParse(values);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? OWN_PASSWORD_MESSAGES.mismatch;
  if (values.new_password !== values.confirm_password) return OWN_PASSWORD_MESSAGES.mismatch;
  return null;
}
