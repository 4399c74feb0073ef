import { captureReferral, hexId, type SendClick } from '@chairline/shared';
import { http } from '../providers';

const sendClick: SendClick = async (click) => {
  const reply = await http.post('/affiliate/clicks/', click, { public: true });
  const body = reply.body as { response?: { id?: unknown } } | null;
  return reply.ok && typeof body?.response?.id === 'number' ? { id: body.response.id } : null;
};

const randomId = () => hexId(crypto.getRandomValues(new Uint8Array(16)));

/** The back office's sign-up page opened with `?ref=CODE`: the same capture as the public site. */
export function captureReferralHere(): void {
  try {
    void captureReferral(window.location, window.localStorage, sendClick, Date.now, randomId);
  } catch {
    // Storage disabled: the visit simply is not attributed.
  }
}
