import type { PublicTicket } from '@chairline/shared';
import { useEffect, useRef, useState } from 'react';
import { placeText, publicName, waitText } from '../../lib/ticket-text.js';

interface Props {
  ticket: PublicTicket;
  /** Seconds before the tablet returns to the start by itself. */
  seconds: number;
  onDone: () => void;
}

/** The tablet's "you're in" screen: place, wait, masked name; back to the start after a moment. */
export function KioskConfirmation({ ticket, seconds, onDone }: Props) {
  const [left, setLeft] = useState(seconds);
  const done = useRef(onDone);
  done.current = onDone;
  const button = useRef<HTMLButtonElement>(null);

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
  }, [seconds]);

  const wait = waitText(ticket);
  return (
    <section className="panel kiosk-confirm" role="status" aria-live="polite">
      <p className="kiosk-check" aria-hidden="true">
        ✓
      </p>
      <h2>You're checked in, {publicName(ticket.party_name)}</h2>
      {ticket.existing && <p className="muted">You were already in line, so we kept your place.</p>}
      <p className="kiosk-place">{ticket.status === 'waiting' ? placeText(ticket.place) : "It's your turn"}</p>
      {wait && (
        <p className="kiosk-wait">
          Estimated wait: <strong>{wait}</strong>
        </p>
      )}
      {ticket.preferred_barber && <p className="muted">Waiting for {ticket.preferred_barber.name}</p>}
      <p className="muted">We'll call your name. Have a seat!</p>
      <button ref={button} type="button" className="btn btn-large" onClick={onDone}>
        Done
      </button>
      <p className="hint">Returning to the start in {left} s</p>
    </section>
  );
}
