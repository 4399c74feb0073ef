import type { PublicTicket } from '@chairline/shared';
import { useRef } from 'react';
import { placeText, publicName, waitText } from '../../lib/ticket-text.js';
import { useKioskReturn } from './useKioskReturn.js';

interface Props {
  ticket: PublicTicket;
  /** Seconds before the tablet returns to the start by itself. */
  seconds: number;
  onDone: () => void;
}

/** The tablet's "you're in" screen: place, wait, masked name; back to the start after a moment. */
export function KioskConfirmation({ ticket, seconds, onDone }: Props) {
  const button = useRef<HTMLButtonElement>(null);
  const left = useKioskReturn(seconds, onDone, button);

  const wait = waitText(ticket);
  return (
    <section className="panel kiosk-confirm" role="status" aria-live="polite">
      <p className="kiosk-check" aria-hidden="true">
        ✓
      </p>
      <h2>You're checked in, {publicName(ticket.party_name)}</h2>
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
