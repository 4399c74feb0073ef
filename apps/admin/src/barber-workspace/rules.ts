import { PIN_VALIDITY_MS, STORAGE_KEYS } from '@chairline/shared';

// Pure rules of the barber workspace, unit-tested apart from the screens.

export interface Notice {
  title: string;
  text: string;
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

/** Customer, Services and Amount are all required. */
export function invoiceProblem(draft: InvoiceDraft): string | null {
  if (draft.customer === '' || draft.services.length === 0 || draft.amount.trim() === '') return 'Customer, Services & Amount are required';
  return null;
}

export const capitalise = (text: string) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : text);

// ---- PIN: a verified PIN is kept locally until its expiry (5 minutes).

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
