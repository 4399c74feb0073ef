import type { AffiliateProfile } from '@chairline/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '../common/error-text';
// The affiliate area lives outside react-admin's <Admin> (no data provider context there), so it
// calls the app's one data provider directly.
import { dataProvider } from '../providers';

export type ProfileState = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; profile: AffiliateProfile };

/** The affiliate's profile once per visit; `replace` keeps the header in step after an edit. */
export function useAffiliateProfile(): { state: ProfileState; replace: (profile: AffiliateProfile) => void } {
  const [state, setState] = useState<ProfileState>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    dataProvider
      .getAffiliateProfile()
      .then((profile) => live && setState({ kind: 'ready', profile }))
      .catch(() => live && setState({ kind: 'error' }));
    return () => {
      live = false;
    };
  }, []);
  const replace = useCallback((profile: AffiliateProfile) => setState({ kind: 'ready', profile }), []);
  return { state, replace };
}

/**
 * The affiliate's own figures, loaded again when `key` or `version` changes (`key` names what
 * `load` asks for, e.g. its date range).
 */
export function useAffiliateData<T>(load: (provider: typeof dataProvider) => Promise<T>, key = '', version = 0) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    let live = true;
    setError(null);
    latest
      .current(dataProvider)
      .then((d) => live && setData(d))
      .catch((err: unknown) => live && setError(errorText(err)));
    return () => {
      live = false;
    };
  }, [key, version]);
  return { data, error };
}
