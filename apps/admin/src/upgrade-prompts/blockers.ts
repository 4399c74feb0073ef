// What keeps upgrade prompts off the screen: an open dialog (any MUI modal: dialogs, menus,
// drawers, selects) and holds taken by screens for work that must not be covered, such as a drag
// in the walk-in board's rotation.

/** Marks the prompts' own modal so it does not count as "a dialog is open". */
export const PROMPT_ATTRIBUTE = 'data-upgrade-prompt';

type Listener = () => void;
let holds = 0;
const listeners = new Set<Listener>();

function notify() {
  for (const listener of listeners) listener();
}

/** Keeps prompts away until the returned release is called (once; later calls do nothing). */
export function holdPrompts(): () => void {
  holds += 1;
  notify();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    notify();
  };
}

export function promptsHeld(): boolean {
  return holds > 0;
}

export function onHoldsChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** An open MUI modal other than the prompts' own (closed kept-mounted ones carry MuiModal-hidden). */
export function dialogOpen(doc: Document = document): boolean {
  return doc.querySelector(`.MuiModal-root:not(.MuiModal-hidden):not([${PROMPT_ATTRIBUTE}])`) !== null;
}

/**
 * Calls back whenever a modal may have opened or closed: MUI portals modals into <body> and marks a
 * closed kept-mounted one with a class. Bursts of changes are coalesced into one call.
 */
export function watchDialogs(callback: () => void, doc: Document = document): () => void {
  let pending = false;
  const observer = new MutationObserver(() => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      callback();
    });
  });
  observer.observe(doc.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}
