// The customer's own ticket, remembered on their phone so the shop page can say
// "You're already in line". Never used in kiosk mode: the door tablet is shared.

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const ticketStorageKey = (shopUsername: string) => `chairline.ticket.${shopUsername.toLowerCase()}`;

export function rememberTicket(store: KeyValueStore, shopUsername: string, token: string) {
  store.setItem(ticketStorageKey(shopUsername), token);
}

export function recallTicket(store: KeyValueStore, shopUsername: string): string | null {
  const token = store.getItem(ticketStorageKey(shopUsername));
  return token && /^[^/?#\s]{1,200}$/.test(token) ? token : null;
}

export function forgetTicket(store: KeyValueStore, shopUsername: string, token?: string) {
  if (token && recallTicket(store, shopUsername) !== token) return;
  store.removeItem(ticketStorageKey(shopUsername));
}

/** localStorage when the browser lets us use it (private modes may throw). */
export function browserStore(): KeyValueStore | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
