import type { AffiliateProfile } from '@chairline/shared';
import { useEffect, useState } from 'react';
import { authProvider } from '../providers';

export type ProfileState = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; profile: AffiliateProfile };

/** GET /api/affiliate/profile/ once per visit (the provider caches it). */
export function useAffiliateProfile(): ProfileState {
  const [state, setState] = useState<ProfileState>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    authProvider
      .getAffiliateProfile()
      .then((profile) => live && setState(profile ? { kind: 'ready', profile } : { kind: 'error' }))
      .catch(() => live && setState({ kind: 'error' }));
    return () => {
      live = false;
    };
  }, []);
  return state;
}
