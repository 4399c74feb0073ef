import { PHONE_MESSAGES } from '@chairline/shared/messages';
import { useRef } from 'react';
import { useKioskReturn } from './useKioskReturn.js';

interface Props {
  /** Seconds before the tablet returns to the start by itself. */
  seconds: number;
  onDone: () => void;
}

/**
 * The tablet's answer to a phone already in line. It shows nobody's ticket (whoever typed the
 * number may not be its owner): the owner has the ticket on their own phone. Back to the start
 * after a moment, the form's name and number gone with it.
 */
export function KioskAlreadyInLine({ seconds, onDone }: Props) {
  const button = useRef<HTMLButtonElement>(null);
  const left = useKioskReturn(seconds, onDone, button);
  return (
    <section className="panel kiosk-confirm" role="alert" aria-live="assertive">
      <h2>{PHONE_MESSAGES.alreadyInLine}</h2>
      <p className="muted">Your place is kept. Follow your ticket on the phone you checked in with, or ask at the front desk.</p>
      <button ref={button} type="button" className="btn btn-large" onClick={onDone}>
        Done
      </button>
      <p className="hint">Returning to the start in {left} s</p>
    </section>
  );
}
