import type { PublicBarber, PublicQueue } from '@chairline/shared';
import { POLL_NEXT_BARBER_MS } from '@chairline/shared/constants';
import { checkInsTodayText, formatWait } from '@chairline/shared/wait-text';
import { QRCodeSVG } from 'qrcode.react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import type { ShopData } from '../lib/api-contract.js';
import { barberWaitText, shownStatus } from '../lib/barber-text.js';
import { BARBER_STATUS_LABELS } from '@chairline/shared/queue-rules';
import { displayBoard, TV_LINE_RULE, tvChairs, tvLine, waitingForText, type TvChair } from '../lib/display-board.js';
import { followShop } from '@chairline/shared/live-updates';
import { fetchBarbers, fetchQueue, fetchShop } from '../lib/public-api.js';
import { joinUrl } from '../lib/urls.js';
import '../styles/display.css';
import { BarberPhoto } from './parts/BarberPhoto.js';
import { OfflineNote } from './parts/OfflineNote.js';

interface Props {
  username: string;
  initialShop: ShopData;
  initialBarbers: PublicBarber[];
  initialQueue: PublicQueue;
  origin: string;
}

/** Pixels per second the line scrolls when it is longer than the screen: slow enough to read at 4 m. */
const SCROLL_PX_PER_SECOND = 30;

/**
 * Scrolls the list up and back down in a slow loop (a CSS animation) while it is taller than its
 * box; still otherwise. Measured again whenever either size changes.
 */
function useAutoScroll(deps: unknown) {
  const viewport = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const [overflow, setOverflow] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const box = viewport.current;
      const content = list.current;
      setOverflow(box && content ? Math.max(0, Math.ceil(content.scrollHeight - box.clientHeight)) : 0);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    if (viewport.current) observer.observe(viewport.current);
    if (list.current) observer.observe(list.current);
    return () => observer.disconnect();
  }, [deps]);
  const style =
    overflow > 0
      ? ({ '--tv-scroll': `-${overflow}px`, '--tv-scroll-seconds': `${Math.max(12, Math.round((overflow / SCROLL_PX_PER_SECOND) * 2))}s` } as CSSProperties)
      : undefined;
  return { viewport, list, scrolling: overflow > 0, style };
}

function Chair({ chair }: { chair: TvChair }) {
  const { barber, party } = chair;
  const status = party ? 'busy' : shownStatus(barber);
  const wait = barberWaitText(barber);
  return (
    <li className="tv-chair">
      <BarberPhoto name={barber.name} src={barber.profile_pic} size={88} />
      <span className="tv-chair-text">
        <span className="tv-barber">{barber.name}</span>
        <span className="tv-detail">
          {party ? (
            <>
              <span className="tv-party">{party}</span> in the chair
            </>
          ) : status === 'available' ? (
            'Ready for the next customer'
          ) : (
            wait
          )}
        </span>
      </span>
      <span className={`status status-${status}`}>{BARBER_STATUS_LABELS[status].public}</span>
    </li>
  );
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
  const line = tvLine(board.waiting);
  const scroll = useAutoScroll(line.length);
  return (
    <div className="tv" data-live={live || undefined}>
      <header className="tv-header">
        <h1>{shopData.shop.name}</h1>
        <p className="tv-wait">
          Wait for any barber: <strong>{formatWait(shopData.anyBarberWait)}</strong>
        </p>
      </header>
      <div className="tv-columns">
        <section className="tv-column" aria-labelledby="serving-title">
          <h2 id="serving-title">Now serving</h2>
          {board.rotation.length === 0 ? (
            <p className="tv-empty">No barbers on duty.</p>
          ) : (
            <ul className="tv-chairs" data-testid="now-serving">
              {tvChairs(board).map((chair) => (
                <Chair key={chair.barber.id} chair={chair} />
              ))}
            </ul>
          )}
          <div className="tv-join" data-testid="join-qr">
            <QRCodeSVG value={link} size={220} marginSize={2} title="Scan to join the line" />
            <div className="tv-join-text">
              <p className="tv-join-title">Scan to join the line</p>
              <p className="tv-url">{link.replace(/^https?:\/\//, '')}</p>
              <p className="tv-today">{checkInsTodayText(shopData.todayCheckins)}</p>
            </div>
          </div>
        </section>
        <section className="tv-column" aria-labelledby="waiting-title">
          <h2 id="waiting-title">
            Next up <span className="tv-count">({board.waitingCount} waiting)</span>
          </h2>
          <p className="tv-rule">{TV_LINE_RULE}</p>
          {line.length === 0 ? (
            <p className="tv-empty">No one is waiting. Walk right in!</p>
          ) : (
            <div className="tv-scroll" ref={scroll.viewport} data-scrolling={scroll.scrolling || undefined} style={scroll.style}>
              <ol className="tv-line" data-testid="waiting-list" ref={scroll.list}>
                {line.map((w) => (
                  <li key={`${w.order}-${w.party_name}`} className="tv-row">
                    <span className="tv-place" aria-label={`Number ${w.order}`}>
                      {w.order}
                    </span>
                    <span className="display-name">
                      <span className="display-party">{w.party_name}</span>
                      <span className="tv-detail">
                        {waitingForText(w.preferred_barber_name)} · {formatWait(w.eta_range)}
                      </span>
                    </span>
                  </li>
                ))}
              </ol>
            </div>
          )}
        </section>
      </div>
      <OfflineNote offline={offline} className="tv-offline" />
    </div>
  );
}
