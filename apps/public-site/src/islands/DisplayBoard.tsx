import '../lib/no-eval.js';
import { formatEtaRange, POLL_NEXT_BARBER_MS, QR_CODE_PX, type PublicBarber, type PublicQueue } from '@chairline/shared';
import { QRCodeSVG } from 'qrcode.react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ShopData } from '../lib/api-contract.js';
import { anyBarberWait, BARBER_STATUS_LABELS, barberWaitText } from '../lib/barber-text.js';
import { displayBoard, waitingForText } from '../lib/display-board.js';
import { followShop } from '../lib/live-updates.js';
import { fetchBarbers, fetchQueue, fetchShop } from '../lib/public-api.js';
import { joinUrl } from '../lib/urls.js';
import { BarberPhoto } from './parts/BarberPhoto.js';
import { OfflineNote } from './parts/OfflineNote.js';

interface Props {
  username: string;
  initialShop: ShopData;
  initialBarbers: PublicBarber[];
  initialQueue: PublicQueue;
  origin: string;
}

export default function DisplayBoard({ username, initialShop, initialBarbers, initialQueue, origin }: Props) {
  const [shopData, setShopData] = useState(initialShop);
  const [barbers, setBarbers] = useState(initialBarbers);
  const [queue, setQueue] = useState(initialQueue);
  const [offline, setOffline] = useState(false);
  const [link, setLink] = useState(joinUrl(origin, username));
  const [live, setLive] = useState(false);

  const latest = useRef(0);
  const refresh = useCallback(async () => {
    const request = ++latest.current;
    const [shopResult, barbersResult, queueResult] = await Promise.all([fetchShop(username), fetchBarbers(username), fetchQueue(username)]);
    if (request !== latest.current) return true;
    if (shopResult.ok) setShopData(shopResult.data);
    if (barbersResult.ok) setBarbers(barbersResult.data);
    if (queueResult.ok) setQueue(queueResult.data);
    return barbersResult.ok && queueResult.ok;
  }, [username]);

  useEffect(() => {
    setLink(joinUrl(window.location.origin, username));
    setLive(true);
    return followShop({
      shopUsername: username,
      pollMs: POLL_NEXT_BARBER_MS,
      refresh: () => refresh(),
      onStatus: (status) => setOffline(status === 'retrying'),
    });
  }, [username, refresh]);

  const board = displayBoard(barbers, queue);
  const barberPhoto = (id: number) => barbers.find((b) => b.id === id)?.profile_pic ?? null;
  return (
    <div className="display" data-live={live || undefined}>
      <header className="display-header">
        <h1>{shopData.shop.name}</h1>
        <p className="display-wait">
          Wait now: <strong>{anyBarberWait(barbers)}</strong>
        </p>
      </header>
      <div className="display-grid">
        <section className="display-panel" aria-labelledby="serving-title">
          <h2 id="serving-title">Now serving</h2>
          {board.serving.length === 0 ? (
            <p className="display-empty">No one in the chair right now.</p>
          ) : (
            <ul className="display-list" data-testid="now-serving">
              {board.serving.map((chair) => (
                <li key={chair.barber_id}>
                  <BarberPhoto name={chair.barber_name} src={barberPhoto(chair.barber_id)} size={56} />
                  <span className="display-name">
                    <span className="display-party">{chair.party_name}</span>
                    <small>with {chair.barber_name}</small>
                  </span>
                  <span className="status status-busy">{BARBER_STATUS_LABELS.busy}</span>
                </li>
              ))}
            </ul>
          )}
          <h2 className="display-next-title">Next up</h2>
          <p className="display-next">{board.nextUp ? board.nextUp.name : 'All barbers are busy'}</p>
        </section>
        <section className="display-panel" aria-labelledby="waiting-title">
          <h2 id="waiting-title">Waiting ({board.waitingCount})</h2>
          {board.waiting.length === 0 ? (
            <p className="display-empty">No one is waiting. Walk right in!</p>
          ) : (
            <ol className="display-list" data-testid="waiting-list">
              {board.waiting.map((w, i) => (
                <li key={`${i}-${w.party_name}`}>
                  <span className="display-pos">{w.place}</span>
                  <span className="display-name">
                    <span className="display-party">{w.party_name}</span>
                    <small>
                      {waitingForText(w.preferred_barber_name)} · {formatEtaRange(w.eta_range)}
                    </small>
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section className="display-panel" aria-labelledby="rotation-title">
          <h2 id="rotation-title">Barber rotation</h2>
          {board.rotation.length === 0 ? (
            <p className="display-empty">No barbers on duty.</p>
          ) : (
            <ol className="display-list">
              {board.rotation.map((b, i) => (
                <li key={b.id}>
                  <span className="display-pos">{(b.position ?? i) + 1}</span>
                  <BarberPhoto name={b.name} src={b.profile_pic} size={48} />
                  <span className="display-name">
                    {b.name}
                    <small>
                      {b.waiting_count} waiting · {barberWaitText(b)}
                    </small>
                  </span>
                  <span className={`status status-${b.status}`}>{BARBER_STATUS_LABELS[b.status]}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section className="display-panel display-join" aria-labelledby="join-title">
          <h2 id="join-title">Join the line from your phone</h2>
          <div className="qr" data-testid="join-qr">
            <QRCodeSVG value={link} size={QR_CODE_PX * 1.5} marginSize={2} title="Scan to check in" />
          </div>
          <p className="display-url">{link.replace(/^https?:\/\//, '')}</p>
          <p className="display-today">{shopData.todayCheckins} check-ins today</p>
        </section>
      </div>
      <OfflineNote offline={offline} className="display-offline" />
    </div>
  );
}
