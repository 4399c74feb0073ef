import type { PublicBarber, PublicQueue, PublicService, PublicShop, PublicTicket, ShopReply, TurnAlertSettings } from '@chairline/shared';
import { BARBER_STATUSES, TICKET_STATUSES } from '@chairline/shared/queue-rules';
import { ALERT_CHANNELS, ALERT_MOMENTS } from '@chairline/shared/turn-alert-rules';
import { arrayOf, isBoolean, isInteger, isNumber, isString, literal, nullable, objectOf, oneOf, optional, type Check } from './reply-shape.js';

// The public replies' shapes, one per schema of packages/shared/src/schemas/queue.ts and
// turn-alerts.ts, typed by it.

/** Every value of a string union, listed once: a value added to the contract fails the type check here. */
const valuesOf = <T extends string>(all: Record<T, true>) => Object.keys(all) as T[];

type ClosedReason = NonNullable<NonNullable<PublicShop['check_in']>['reason']>;
// opening-hours.ts holds the list, but it imports the settings schema (zod): the union is listed here.
const CLOSED_REASONS = valuesOf<ClosedReason>({ closed: true, last_call: true, paused: true, limit_reached: true });

const etaRange = objectOf<NonNullable<PublicBarber['eta_range']>>({ min_minutes: isInteger, max_minutes: isInteger });
const barberRef = objectOf<{ id: number; name: string }>({ id: isInteger, name: isString });

export const publicShop: Check<PublicShop> = objectOf<PublicShop>({
  name: isString,
  username: isString,
  shop_logo: nullable(isString),
  bluetick: isBoolean,
  address: isString,
  phone_number: isString,
  timezone: isString,
  accepting_check_ins: isBoolean,
  check_in: optional(
    objectOf<NonNullable<PublicShop['check_in']>>({
      open: isBoolean,
      reason: nullable(oneOf(CLOSED_REASONS)),
      message: nullable(isString),
      next_opening: nullable(isString),
    }),
  ),
  open_now: optional(isBoolean),
  today_hours: optional(nullable(isString)),
  closes_at: optional(nullable(isString)),
  hours_status: optional(nullable(isString)),
  changes_at: optional(nullable(isString)),
});

export const shopReply = objectOf<ShopReply>({
  status: literal(1),
  response: publicShop,
  today_checkins: isInteger,
  any_barber_eta_range: nullable(etaRange),
});

export const publicBarber: Check<PublicBarber> = objectOf<PublicBarber>({
  id: isInteger,
  name: isString,
  email: isString,
  phone_number: isString,
  profile_pic: nullable(isString),
  booking_url: isString,
  position: nullable(isInteger),
  status: oneOf(BARBER_STATUSES),
  waiting_count: isInteger,
  eta_range: nullable(etaRange),
});

export const publicTicket: Check<PublicTicket> = objectOf<PublicTicket>({
  token: isString,
  shop_username: isString,
  status: oneOf(TICKET_STATUSES),
  party_name: isString,
  place: nullable(isInteger),
  ahead: nullable(isInteger),
  eta_range: nullable(etaRange),
  preferred_barber: nullable(barberRef),
  barber: nullable(barberRef),
  services: arrayOf(barberRef),
  checked_in_at: isString,
  called_at: nullable(isString),
  shop_time_zone: optional(isString),
});

export const ticketReply = objectOf<{ status: 1; response: PublicTicket }>({ status: literal(1), response: publicTicket });

export const publicService: Check<PublicService> = objectOf<PublicService>({
  id: isInteger,
  name: isString,
  estimated_minutes: isInteger,
  formatted_estimated_time: isString,
  price: isNumber,
});

type Serving = PublicQueue['now_serving'][number];
type Waiting = PublicQueue['waiting'][number];
export const publicQueue: Check<PublicQueue> = objectOf<PublicQueue>({
  now_serving: arrayOf(objectOf<Serving>({ barber_id: isInteger, barber_name: isString, party_name: isString, started_at: isString })),
  waiting: arrayOf(
    objectOf<Waiting>({ place: isInteger, party_name: isString, preferred_barber_name: nullable(isString), eta_range: nullable(etaRange) }),
  ),
  waiting_count: isInteger,
});

export const publicQueueReply = objectOf<{ status: 1; response: PublicQueue }>({ status: literal(1), response: publicQueue });

export const turnAlertSettings: Check<TurnAlertSettings> = objectOf<TurnAlertSettings>({
  channel: nullable(oneOf(ALERT_CHANNELS)),
  when: nullable(oneOf(ALERT_MOMENTS)),
  email: nullable(isString),
  available: objectOf<TurnAlertSettings['available']>({ push: isBoolean, sms: isBoolean, email: isBoolean }),
  push_public_key: nullable(isString),
});

export const turnAlertReply = objectOf<{ status: 1; response: TurnAlertSettings }>({ status: literal(1), response: turnAlertSettings });
