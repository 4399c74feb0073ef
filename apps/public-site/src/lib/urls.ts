// Where things live on the public site. One place so pages, islands and tests agree.

export type ShopSection = 'shop' | 'store';
export type TabStyle = 'cards' | 'table';

export const isShopSection = (value: string | undefined): value is ShopSection => value === 'shop' || value === 'store';

export const shopPath = (username: string, section: ShopSection = 'shop') => `/${section}/${encodeURIComponent(username)}`;
export const ticketPath = (username: string, token: string) =>
  `${shopPath(username)}/ticket/${encodeURIComponent(token)}`;
export const displayPath = (username: string) => `${shopPath(username)}/display`;
export const kioskPath = (username: string) => `${shopPath(username)}?kiosk=1`;

/**
 * A renamed shop keeps its former usernames (old QR codes and kiosk links): the API answers a former
 * username with the shop, which carries its current one. The same page under the current username,
 * path after the username and query (?kiosk=1...) kept; null when the address already uses it.
 */
export function renamedShopAddress(url: URL, requested: string, current: string): string | null {
  if (!current || requested.trim().toLowerCase() === current) return null;
  const segments = url.pathname.split('/');
  // ['', section, username, ...rest]
  if (segments.length < 3) return null;
  segments[2] = encodeURIComponent(current);
  return `${segments.join('/')}${url.search}`;
}

/** The absolute link a phone opens to join the line (the waiting-room QR code). */
export const joinUrl = (origin: string, username: string) => `${origin.replace(/\/+$/, '')}${shopPath(username)}`;

/** ?tabStyle=cards|table, default cards; anything else is cards. */
export const parseTabStyle = (value: string | null | undefined): TabStyle => (value === 'table' ? 'table' : 'cards');

/** Kiosk mode for the tablet at the door: ?kiosk=1 (also "true"). */
export const isKioskMode = (value: string | null | undefined) => value === '1' || value === 'true';

/**
 * Images load from the backend host by prefixing the stored path. The API serves this
 * site on its own origin, so a stored '/uploads/x.webp' is used as is; full URLs pass through.
 */
export function imageSrc(stored: string | null | undefined, backendHost = ''): string | null {
  const path = (stored ?? '').trim();
  if (!path) return null;
  if (/^(https?:)?\/\//i.test(path) || path.startsWith('data:')) return path;
  const host = backendHost.replace(/\/+$/, '');
  return `${host}${path.startsWith('/') ? path : `/${path}`}`;
}

/** Digits and a leading + only, for tel: links. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, '')}`;

/** Two letters for a photo placeholder: "Marcus Reed" → "MR". */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts.slice(0, 1);
  return letters.map((p) => (p ?? '').charAt(0).toUpperCase()).join('') || '?';
}
