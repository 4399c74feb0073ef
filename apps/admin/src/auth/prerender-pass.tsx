import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

const PrerenderPassContext = createContext(false);

/**
 * True while the page renders the HTML that was built ahead of time: at build time, and in the
 * browser's first render, which hydrates that HTML. What depends on the visitor (an email kept by
 * "Remember me", a session that sends them on to their dashboard) waits for the next render, so
 * hydration finds exactly the built HTML.
 */
export function usePrerenderPass(): boolean {
  return useContext(PrerenderPassContext);
}

/** Wraps a page built ahead of time: its first render is the prerender pass, the next ones are not. */
export function PrerenderedPage({ children }: { children: ReactNode }) {
  const [pass, setPass] = useState(true);
  useEffect(() => {
    // The render that follows hydration redraws the page (MUI): in a transition too, in slices.
    startTransition(() => setPass(false));
  }, []);
  return <PrerenderPassContext.Provider value={pass}>{children}</PrerenderPassContext.Provider>;
}
