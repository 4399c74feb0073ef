import type { AffiliateProfile } from '@chairline/shared';
import { useCallback, useEffect, useState } from 'react';
import { apiGet } from '../settings/api';

export type ProfileState = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; profile: AffiliateProfile };

/** GET /api/affiliate/profile/ once per visit; `replace` keeps the header in step after an edit. */
export function useAffiliateProfile(): { state: ProfileState; replace: (profile: AffiliateProfile) => void } {
  const [state, setState] = useState<ProfileState>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    apiGet<AffiliateProfile>('/affiliate/profile/')
      .then((profile) => live && setState({ kind: 'ready', profile }))
      .catch(() => live && setState({ kind: 'error' }));
    return () => {
      live = false;
    };
  }, []);
  const replace = useCallback((profile: AffiliateProfile) => setState({ kind: 'ready', profile }), []);
  return { state, replace };
}

/** A GET of the affiliate's own figures, reloaded when `query` changes. */
export function useAffiliateData<T>(path: string, query?: Record<string, string>, version = 0) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify(query ?? {});
  useEffect(() => {
    let live = true;
    setError(null);
    apiGet<T>(path, JSON.parse(key) as Record<string, string>)
      .then((d) => live && setData(d))
      .catch((err: unknown) => live && setError(err instanceof Error ? err.message : 'Something went wrong. Please try again later.'));
    return () => {
      live = false;
    };
  }, [path, key, version]);
  return { data, error };
}
