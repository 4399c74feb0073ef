import type { PublicShop } from '@chairline/shared';
import { imageSrc, initials, telHref } from '../../lib/urls.js';

interface Props {
  shop: PublicShop;
  todayCheckins: number;
  /** Kiosk: no links away from the page. */
  kiosk?: boolean;
}

export function ShopHeader({ shop, todayCheckins, kiosk = false }: Props) {
  const logo = imageSrc(shop.shop_logo);
  return (
    <header className="shop-header">
      {logo ? (
        <img className="shop-logo" src={logo} alt={`${shop.name} logo`} width={72} height={72} />
      ) : (
        <span className="shop-logo shop-logo-placeholder" aria-hidden="true">
          {initials(shop.name)}
        </span>
      )}
      <div className="shop-heading">
        <h1 className="shop-name">
          {shop.name}
          {shop.bluetick && (
            <span className="verified" title="Verified">
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                <path fill="currentColor" d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" />
              </svg>
              Verified
            </span>
          )}
        </h1>
        {shop.address && <p className="shop-address">{shop.address}</p>}
        <p className="shop-meta">
          {shop.phone_number &&
            (kiosk ? (
              <span className="shop-phone">{shop.phone_number}</span>
            ) : (
              <a className="shop-phone" href={telHref(shop.phone_number)}>
                {shop.phone_number}
              </a>
            ))}
          <span className="checkins-today" data-testid="today-checkins">
            <strong>{todayCheckins}</strong> {todayCheckins === 1 ? 'check-in' : 'check-ins'} today
          </span>
        </p>
        {(shop.hours_status || shop.today_hours) && (
          <p className="shop-hours" data-testid="shop-hours">
            {shop.hours_status && <span className="shop-hours-status">{shop.hours_status}</span>}
            {shop.today_hours && <span>Today {shop.today_hours}</span>}
          </p>
        )}
      </div>
    </header>
  );
}
