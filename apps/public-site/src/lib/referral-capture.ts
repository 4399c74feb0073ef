import { captureReferral, hexId, type SendClick } from '@chairline/shared/affiliate-invite';

/** POST /api/affiliate/clicks/ on this origin: the affiliate id for a known code, null otherwise. */
const sendClick: SendClick = async (click) => {
  const res = await fetch('/api/affiliate/clicks/', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(click),
  });
  if (!res.ok) return null;
  const body = (await res.json()) as { response?: { id?: unknown } };
  return typeof body.response?.id === 'number' ? { id: body.response.id } : null;
};

/** A random visitor id (crypto.randomUUID needs a secure origin; a shop's LAN address may not be one). */
const randomId = () => hexId(crypto.getRandomValues(new Uint8Array(16)));

/** Every public page: `?ref=CODE` records a click and keeps the affiliate invite (see @chairline/shared). */
export function startReferralCapture(): void {
  if (!location.search.includes('ref=')) return;
  let storage: Storage;
  try {
    storage = window.localStorage;
  } catch {
    return;
  }
  void captureReferral(location, storage, sendClick, Date.now, randomId);
}
