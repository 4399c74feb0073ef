/**
 * A barber's booking link (Booksy, Square, Calendly, or a page of this site) is offered as a QR code
 * and a 'Book Online' link only when it is a web link: http:// or https:// (scheme in any case)
 * followed by a host, or a link on the site's own host. Any other scheme (javascript:, data:,
 * mailto:, ftp:, a bare word...) is never offered: it could run code or lead nowhere useful, so the
 * visitor is asked to call instead. A bare prefix with nothing after it (the team form's default
 * 'http://', or 'https://') is no link at all.
 */
const WEB_LINK = /^https?:\/\/[^\s/?#]\S*$/i;

/** Said to a person whose booking link is not a web link when they save it. */
export const BOOKING_URL_MESSAGE = 'The booking URL must start with http:// or https://';

/** True when the (trimmed) text is an http:// or https:// link with a host after the scheme. */
export function isWebLink(text: string): boolean {
  return WEB_LINK.test(text.trim());
}

/** True when the text is only a scheme prefix, which the forms start with and which means "no link". */
export function isBareWebPrefix(text: string): boolean {
  return /^https?:\/\/$/i.test(text.trim());
}

export function isOnlineBookingUrl(bookingUrl: string | null | undefined, host: string): boolean {
  const url = (bookingUrl ?? '').trim();
  if (isWebLink(url)) return true;
  // A page of this site (the host is the site's own web origin) with something after the origin.
  const ownHost = host.trim().replace(/\/+$/, '');
  return isWebLink(ownHost) && url.startsWith(ownHost) && url.length > ownHost.length && !/\s/.test(url);
}
