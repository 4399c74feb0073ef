// The prerendered /login page's inline script (scripts/prerender-login.mjs) holds a form sent
// before the app has taken the page over: never sent as a plain GET with the password in the
// address, it is sent again by the sign-in page once hydrated.

declare global {
  interface Window {
    /** Set once React listens to the page: from then on it answers a submitted form itself. */
    chairlineHydrating?: boolean;
    /** A form submitted before that, held by the inline script. */
    chairlinePendingSubmit?: HTMLFormElement;
    /** What was typed into the built page, by field name, until the sign-in page takes it. */
    chairlineTyped?: Record<string, string>;
  }
}

/** From now on React answers submitted forms (set just before hydration starts). */
export function reactAnswersSubmits(): void {
  window.chairlineHydrating = true;
}

/** Whether a form was sent before hydration (and forgets it: it is sent once). */
export function takeHeldSubmit(): boolean {
  if (typeof window === 'undefined') return false;
  const held = window.chairlinePendingSubmit;
  window.chairlinePendingSubmit = undefined;
  return Boolean(held?.isConnected);
}

/**
 * What was typed into the built page before the sign-in page took it over, by field name (once;
 * the inline script stops noting then). Noted until now, not only until hydration starts: a key
 * pressed while React hydrates makes React hydrate the field at once, and that keystroke's change
 * reaches no handler (React takes the field's value as it finds it for its starting point).
 */
export function takeTypedBeforeHydration(): Record<string, string> {
  if (typeof window === 'undefined') return {};
  const typed = window.chairlineTyped ?? {};
  window.chairlineTyped = undefined;
  return typed;
}
