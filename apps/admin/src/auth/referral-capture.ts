import { NetworkError, type ChairlineDataProvider } from '@chairline/data-provider';
import { captureReferral, hexId, type SendClick } from '@chairline/shared';

const randomId = () => hexId(crypto.getRandomValues(new Uint8Array(16)));

/** The back office's sign-up page opened with `?ref=CODE`: the same capture as the public site. */
export function captureReferralHere(provider: Pick<ChairlineDataProvider, 'recordReferralClick'>): void {
  const sendClick: SendClick = async (click) => {
    try {
      return { id: (await provider.recordReferralClick(click)).id };
    } catch (err) {
      // An unknown code is refused: the visit is not attributed. No answer at all stays an error.
      if (err instanceof NetworkError) throw err;
      return null;
    }
  };
  try {
    void captureReferral(window.location, window.localStorage, sendClick, Date.now, randomId);
  } catch {
    // Storage disabled: the visit simply is not attributed.
  }
}
