/**
 * Spec §2 and §5: a barber's booking link is offered (QR code + 'Book Online') only when it starts
 * with http:// or with the site's own host; anything else means "call to schedule". A bare prefix
 * with nothing after it (the team form's default 'http://') is no link at all.
 */
export function isOnlineBookingUrl(bookingUrl: string | null | undefined, host: string): boolean {
  const url = (bookingUrl ?? '').trim();
  const prefixes = ['http://', host.replace(/\/+$/, '')].filter((p) => p.length > 0);
  return prefixes.some((prefix) => url.startsWith(prefix) && url.length > prefix.length);
}
