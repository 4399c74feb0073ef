import { PROFILE_PHOTO_MAX_BYTES } from './constants.js';
import { MESSAGES } from './messages.js';

// Profile edit rules and texts, shared by the back-office profile and the barber
// workspace profile so both say exactly the same thing.

export interface ProfileNotice {
  title: string;
  text: string;
}

export const PROFILE_TEXTS = {
  noChangesTitle: 'No Changes',
  noChanges: 'No changes were made to update',
  validationTitle: 'Validation Error',
  nameRequired: 'Please enter a name',
  phoneRequired: 'Please enter a phone number',
  successTitle: 'Success!',
  success: MESSAGES.profileUpdated,
  updateFailedTitle: 'Update Failed',
  updateFailed: 'Failed to update profile',
  errorTitle: 'Error',
  error: 'An error occurred while updating profile',
  invalidTypeTitle: MESSAGES.imageTypeTitle,
  invalidType: MESSAGES.imageType,
  tooLargeTitle: MESSAGES.imageSizeTitle,
  tooLarge: MESSAGES.imageSize,
} as const;

/** Image files only, at most 5 MB. Null when the file is acceptable. */
export function checkProfilePhoto(file: { type: string; size: number }): ProfileNotice | null {
  if (!file.type.startsWith('image/')) return { title: PROFILE_TEXTS.invalidTypeTitle, text: PROFILE_TEXTS.invalidType };
  if (file.size > PROFILE_PHOTO_MAX_BYTES) return { title: PROFILE_TEXTS.tooLargeTitle, text: PROFILE_TEXTS.tooLarge };
  return null;
}

export interface ProfileFields {
  name: string;
  phone_no: string;
  booking_url: string;
}

/**
 * Nothing changed (and no new photo) → 'No Changes'; otherwise name and phone are
 * required → 'Validation Error'. Null when the update may be sent.
 */
export function checkProfileUpdate(initial: ProfileFields, current: ProfileFields, photoChosen: boolean): ProfileNotice | null {
  // Spaces typed around a value are not a change: they are trimmed before sending.
  const differs = (field: keyof ProfileFields) => current[field].trim() !== initial[field].trim();
  const changed = photoChosen || differs('name') || differs('phone_no') || differs('booking_url');
  if (!changed) return { title: PROFILE_TEXTS.noChangesTitle, text: PROFILE_TEXTS.noChanges };
  if (!current.name.trim()) return { title: PROFILE_TEXTS.validationTitle, text: PROFILE_TEXTS.nameRequired };
  if (!current.phone_no.trim()) return { title: PROFILE_TEXTS.validationTitle, text: PROFILE_TEXTS.phoneRequired };
  return null;
}

/**
 * What to show for the reply of POST /update-barber-profile/. `reply` is the HTTP
 * result (status and body), or undefined when the request threw (no response).
 */
export function profileUpdateOutcome(
  reply: { body: unknown } | undefined,
  thrown?: unknown,
): { ok: boolean; notice: ProfileNotice } {
  if (!reply) {
    const serverText = (thrown as { response?: unknown } | undefined)?.response;
    const text = typeof serverText === 'string' && serverText ? serverText : PROFILE_TEXTS.error;
    return { ok: false, notice: { title: PROFILE_TEXTS.errorTitle, text } };
  }
  const body = (reply.body ?? {}) as { status?: unknown; response?: unknown; detail?: unknown };
  if (body.status === 1) return { ok: true, notice: { title: PROFILE_TEXTS.successTitle, text: PROFILE_TEXTS.success } };
  const text =
    typeof body.response === 'string' && body.response
      ? body.response
      : typeof body.detail === 'string' && body.detail
        ? body.detail
        : PROFILE_TEXTS.updateFailed;
  return { ok: false, notice: { title: PROFILE_TEXTS.updateFailedTitle, text } };
}
