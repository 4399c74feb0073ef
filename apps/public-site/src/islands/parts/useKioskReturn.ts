import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * The door tablet's way back to the start: counts down `seconds`, then calls onDone, so the next
 * customer never sees the last one's screen. Focuses the screen's button for a quick "Done".
 */
export function useKioskReturn(seconds: number, onDone: () => void, button: RefObject<HTMLButtonElement | null>): number {
  const [left, setLeft] = useState(seconds);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    button.current?.focus();
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = seconds - Math.floor((Date.now() - started) / 1000);
      if (remaining <= 0) {
        clearInterval(timer);
        done.current();
      } else setLeft(remaining);
    }, 250);
    return () => clearInterval(timer);
  }, [seconds, button]);

  return left;
}
