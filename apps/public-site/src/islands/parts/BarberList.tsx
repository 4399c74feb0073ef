import type { PublicBarber } from '@chairline/shared';
import { barberWaitText, shownStatus } from '../../lib/barber-text.js';
import { BARBER_STATUS_LABELS } from '@chairline/shared/queue-rules';
import type { TabStyle } from '../../lib/urls.js';
import { BarberPhoto } from './BarberPhoto.js';

interface Props {
  barbers: PublicBarber[];
  tabStyle: TabStyle;
  /** Kiosk: the card's button checks in with the barber (no Schedule view, no links away). */
  kiosk?: boolean;
  /** No check-in now (closed, paused, limit): the kiosk cards offer no Check in button. */
  checkInClosed?: boolean;
  onSchedule: (barber: PublicBarber) => void;
}

function StatusChip({ barber }: { barber: PublicBarber }) {
  const status = shownStatus(barber);
  return <span className={`status status-${status}`}>{BARBER_STATUS_LABELS[status].public}</span>;
}

export function BarberList({ barbers, tabStyle, kiosk = false, checkInClosed = false, onSchedule }: Props) {
  if (barbers.length === 0) {
    return (
      <div className="empty-state" role="status">
        <h3>No barbers available</h3>
        <p>There are currently no barbers available for this shop.</p>
      </div>
    );
  }
  if (tabStyle === 'table') {
    return (
      <div className="table-wrap">
        <table className="barber-table">
          <thead>
            <tr>
              <th scope="col">Position</th>
              <th scope="col">Photo</th>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">
                <span className="visually-hidden">Schedule</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {barbers.map((barber, index) => (
              <tr key={barber.id}>
                <td>{(barber.position ?? index) + 1}</td>
                <td>
                  <BarberPhoto name={barber.name} src={barber.profile_pic} size={40} />
                </td>
                <td>
                  <span className="table-name">{barber.name}</span>
                  <StatusChip barber={barber} />
                </td>
                <td className="table-email">{barber.email}</td>
                <td>
                  <button type="button" className="btn btn-small" onClick={() => onSchedule(barber)} aria-label={`Schedule Now with ${barber.name}`}>
                    Schedule Now
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <ul className="barber-cards">
      {barbers.map((barber) => (
        <li key={barber.id} className="barber-card">
          <BarberPhoto name={barber.name} src={barber.profile_pic} size={72} />
          <div className="barber-card-body">
            <h3 className="barber-name">{barber.name}</h3>
            <StatusChip barber={barber} />
            {barberWaitText(barber) && <p className="barber-wait">{barberWaitText(barber)}</p>}
          </div>
          {kiosk && checkInClosed ? null : kiosk ? (
            <button type="button" className="btn btn-secondary btn-large" onClick={() => onSchedule(barber)} disabled={barber.eta_range === null}>
              Check in with {barber.name}
            </button>
          ) : (
            <button type="button" className="btn btn-secondary" onClick={() => onSchedule(barber)} aria-label={`Schedule Now with ${barber.name}`}>
              Schedule Now
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
