import { MESSAGES, PIN_VALIDITY_MS, PROFILE_PHOTO_MAX_BYTES, STORAGE_KEYS } from '@chairline/shared';

// Pure rules of the barber workspace (spec §5), unit-tested apart from the screens.

export interface Notice {
  title: string;
  text: string;
}

/** Profile photo: image types only, at most 5 MB. Null when the file is acceptable. */
export function photoProblem(file: { type: string; size: number }): Notice | null {
  if (!file.type.startsWith('image/')) return { title: MESSAGES.imageTypeTitle, text: MESSAGES.imageType };
  if (file.size > PROFILE_PHOTO_MAX_BYTES) return { title: MESSAGES.imageSizeTitle, text: MESSAGES.imageSize };
  return null;
}

export interface ProfileForm {
  name: string;
  phone_no: string;
  booking_url: string;
}

/** Spec §5 profile update: nothing changed → 'No Changes'; then name and phone are required. */
export function profileProblem(initial: ProfileForm, form: ProfileForm, photoChosen: boolean): Notice | null {
  const changed =
    photoChosen ||
    form.name.trim() !== initial.name.trim() ||
    form.phone_no.trim() !== initial.phone_no.trim() ||
    form.booking_url.trim() !== initial.booking_url.trim();
  if (!changed) return { title: 'No Changes', text: 'No changes were made to update' };
  if (form.name.trim() === '') return { title: 'Validation Error', text: 'Please enter a name' };
  if (form.phone_no.trim() === '') return { title: 'Validation Error', text: 'Please enter a phone number' };
  return null;
}

/**
 * Booking links are honoured only when they start with http:// or with the site's own host
 * (spec §2, §5); a bare prefix (the team form's default 'http://') is no link.
 */
export function isOnlineBookingUrl(bookingUrl: string | null | undefined, host: string): boolean {
  const url = (bookingUrl ?? '').trim();
  const prefixes = ['http://', host.replace(/\/+$/, '')].filter((p) => p.length > 0);
  return prefixes.some((prefix) => url.startsWith(prefix) && url.length > prefix.length);
}

/** 'Your spot: {position+1}'; null when the barber is not in the rotation. */
export function spotLabel(position: number | null | undefined): string | null {
  return position === null || position === undefined ? null : `Your spot: ${position + 1}`;
}

export interface InvoiceDraft {
  customer: string;
  services: number[];
  amount: string;
}

/** Spec §5: Customer, Services and Amount are all required. */
export function invoiceProblem(draft: InvoiceDraft): string | null {
  if (draft.customer === '' || draft.services.length === 0 || draft.amount.trim() === '') return 'Customer, Services & Amount are required';
  return null;
}

export const capitalise = (text: string) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : text);

// ---- PIN (spec §3, §4, §5): a verified PIN is kept locally until its expiry (5 minutes).

export interface PinRecord {
  token: string;
  expiry: number;
}

interface Storage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function readPinRecord(storage: Storage, now: number): PinRecord | null {
  const raw = storage.getItem(STORAGE_KEYS.pinValid);
  if (!raw) return null;
  try {
    const record = JSON.parse(raw) as Partial<PinRecord>;
    if (typeof record.token === 'string' && typeof record.expiry === 'number' && record.expiry > now) {
      return { token: record.token, expiry: record.expiry };
    }
  } catch {
    // A damaged record is no record.
  }
  storage.removeItem(STORAGE_KEYS.pinValid);
  return null;
}

export function rememberPin(storage: Storage, now: number, token: string): PinRecord {
  const record = { token, expiry: now + PIN_VALIDITY_MS };
  storage.setItem(STORAGE_KEYS.pinValid, JSON.stringify(record));
  return record;
}
