// The affiliate invite a visitor's browser keeps after opening a referral link (`?ref=CODE`).
// No zod here: the public site bundles this into a tiny script on every page.
import { STORAGE_KEYS } from './constants.js';

/** Days an invite stays valid in the visitor's browser after opening a referral link. */
export const AFFILIATE_INVITE_DAYS = 30;
export const AFFILIATE_INVITE_MS = AFFILIATE_INVITE_DAYS * 86_400_000;
/** A random id of this browser, so the server counts a visitor once a day without personal data. */
export const REFERRAL_VISITOR_KEY = 'referralVisitor';

/** Hex text of random bytes (the browser's visitor id for referral clicks). */
export const hexId = (bytes: ArrayLike<number>) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** The stored invite record: the affiliate's id and when the invite expires (ms). */
export interface AffiliateInvite {
  id: number;
  expiresAt: number;
}

export interface InviteStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * The stored invite's affiliate id if it is well formed and unexpired, else -1 (the `invited_by`
 * value the sign-up and subscribe calls send).
 */
export function invitedByFrom(raw: string | null, now: number): number {
  if (!raw) return -1;
  try {
    const invite = JSON.parse(raw) as Partial<AffiliateInvite>;
    if (typeof invite.id !== 'number' || !Number.isInteger(invite.id) || invite.id <= 0) return -1;
    if (typeof invite.expiresAt !== 'number' || invite.expiresAt <= now) return -1;
    return invite.id;
  } catch {
    return -1;
  }
}

/** `invited_by` from a storage, never throwing (storage may be disabled). */
export function storedInvitedBy(storage: Pick<InviteStorage, 'getItem'>, now: number): number {
  try {
    return invitedByFrom(storage.getItem(STORAGE_KEYS.affiliateInvite), now);
  } catch {
    return -1;
  }
}

/** The referral code of a page address's query (`?ref=CODE`), or null. */
export function referralCodeIn(search: string): string | null {
  const match = /[?&]ref=([^&#]*)/.exec(search);
  let code = '';
  try {
    code = decodeURIComponent((match?.[1] ?? '').replace(/\+/g, ' ')).trim();
  } catch {
    return null;
  }
  return code && code.length <= 64 ? code : null;
}

export interface ClickRequest {
  code: string;
  visitor_id: string;
  path: string;
}
/** Records the click on the server; the affiliate id for a valid code, null for an unknown one. */
export type SendClick = (click: ClickRequest) => Promise<{ id: number } | null>;

function visitorId(storage: InviteStorage, random: () => string): string {
  const known = storage.getItem(REFERRAL_VISITOR_KEY);
  if (known && known.length >= 8 && known.length <= 64) return known;
  const made = random();
  storage.setItem(REFERRAL_VISITOR_KEY, made);
  return made;
}

/**
 * A page opened with `?ref=CODE`: record one click, and when the server knows the code, store
 * the invite for 30 days; a newer valid code replaces an older invite. An unknown code, a failed
 * request or disabled storage change nothing and show nothing.
 */
export async function captureReferral(
  page: { search: string; pathname: string },
  storage: InviteStorage,
  send: SendClick,
  now: () => number,
  random: () => string,
): Promise<AffiliateInvite | null> {
  const code = referralCodeIn(page.search);
  if (!code) return null;
  try {
    const affiliate = await send({ code, visitor_id: visitorId(storage, random), path: page.pathname.slice(0, 200) });
    if (!affiliate) return null;
    const invite: AffiliateInvite = { id: affiliate.id, expiresAt: now() + AFFILIATE_INVITE_MS };
    storage.setItem(STORAGE_KEYS.affiliateInvite, JSON.stringify(invite));
    return invite;
  } catch {
    return null;
  }
}
