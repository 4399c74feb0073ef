/**
 * The link an affiliate shares: the landing page with `?ref={referral_code}`. The public site
 * keeps the invite (STORAGE_KEYS.affiliateInvite: id and expiresAt, spec §3) for the subscribe call.
 */
export function referralLink(origin: string, code: string): string {
  return `${origin}/?ref=${encodeURIComponent(code)}`;
}
