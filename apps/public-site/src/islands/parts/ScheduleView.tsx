import type { PublicBarber } from '@chairline/shared';
import { isOnlineBookingUrl } from '@chairline/shared/booking-links';
import { QR_CODE_PX } from '@chairline/shared/constants';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef } from 'react';
import { telHref } from '../../lib/urls.js';
import { BarberPhoto } from './BarberPhoto.js';

interface Props {
  barber: PublicBarber;
  /** The site's own origin: booking links on it count as online booking. */
  host: string;
  /** Called when the barber has no phone number of their own. */
  shopPhone: string;
  onBack: () => void;
  onCheckIn: (barber: PublicBarber) => void;
}

const TOOLTIP = 'Scan the QR code or click the button below to book an appointment';

export default function ScheduleView({ barber, host, shopPhone, onBack, onCheckIn }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const online = isOnlineBookingUrl(barber.booking_url, host);
  const phone = barber.phone_number.trim() || shopPhone.trim();
  const takesWalkIns = barber.status !== 'off' && barber.eta_range !== null;
  return (
    <section className="schedule panel" aria-labelledby="schedule-title">
      <h2 id="schedule-title" ref={heading} tabIndex={-1}>
        Schedule with {barber.name}
      </h2>
      <div className="schedule-person">
        <BarberPhoto name={barber.name} src={barber.profile_pic} size={96} />
        <div>
          <p className="schedule-name">{barber.name}</p>
          <p className="muted">Professional</p>
        </div>
      </div>
      <div className="button-row">
        {phone && (
          <a className="btn btn-secondary" href={telHref(phone)}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path
                fill="currentColor"
                d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"
              />
            </svg>
            Call {phone}
          </a>
        )}
        <button type="button" className="btn btn-ghost" onClick={onBack}>
          Back
        </button>
      </div>
      <div className="booking">
        <h3>
          Booking Information{' '}
          <span className="tooltip" tabIndex={0} title={TOOLTIP} aria-label={TOOLTIP} role="img">
            ?
          </span>
        </h3>
        {online ? (
          <div className="booking-online">
            <div className="qr" data-testid="booking-qr">
              <QRCodeSVG value={barber.booking_url} size={QR_CODE_PX} marginSize={1} title={`Booking link for ${barber.name}`} />
            </div>
            <a className="btn" href={barber.booking_url} target="_blank" rel="noopener noreferrer">
              Book Online
            </a>
          </div>
        ) : (
          <div className="booking-offline">
            <p>Online booking is not available.</p>
            <p className="muted">Please call to schedule your appointment.</p>
          </div>
        )}
      </div>
      {takesWalkIns && (
        <div className="schedule-walkin">
          <p className="muted">Want to come in today instead?</p>
          <button type="button" className="btn" onClick={() => onCheckIn(barber)}>
            Join the line for {barber.name}
          </button>
        </div>
      )}
    </section>
  );
}
