import { z } from 'zod';
import { MAX_ID, NO_SUCH_RECORD, personName, phoneNumber } from './common.js';
import { listQuery } from './list.js';
import { CHOOSE_A_SHOP, MAX_CHECK_IN_SERVICES, TOO_MANY_SERVICES } from '../check-in-rules.js';
import { CHECK_IN_CLOSED_REASONS } from '../opening-hours.js';
import { BARBER_STATUSES, TICKET_SOURCES, TICKET_STATUSES, type WaitRange } from '../queue-rules.js';

// The walk-in queue and the barber rotation: the contract between the API, the
// public site and the back office. docs/queue.md explains the model.

export {
  TICKET_STATUSES,
  type TicketStatus,
  ACTIVE_TICKET_STATUSES,
  TICKET_SOURCES,
  type TicketSource,
  TICKET_TRANSITIONS,
  canTransition,
  PUT_BACK_STATUSES,
  PUT_BACK_WINDOW_MINUTES,
  canPutBack,
  BARBER_STATUSES,
  type BarberStatus,
  maskCustomerName,
  formatEtaRange,
  QUEUE_EVENT_NAME,
  type WaitRange,
} from '../queue-rules.js';

/** Estimated wait, always a range in whole minutes (never a false-precision minute). */
export const etaRange = z.object({ min_minutes: z.number().int(), max_minutes: z.number().int() });
export type EtaRange = z.infer<typeof etaRange>;

// The contract's wait and the rules' wait are one shape (checked when the types are checked).
const sameWaitShape: [EtaRange, WaitRange] extends [WaitRange, EtaRange] ? true : never = true;
void sameWaitShape;

// ---------- public: shop, barbers, check-in, ticket ----------

/** Shop, as GET /shop/?shop_username= answers it under `response`. */
export const publicShop = z.object({
  name: z.string(),
  username: z.string(),
  shop_logo: z.string().nullable(),
  bluetick: z.boolean(),
  address: z.string(),
  phone_number: z.string(),
  timezone: z.string(),
  /** False when the plan's monthly check-ins are used up (the check-in refuses with a message). */
  accepting_check_ins: z.boolean(),
  /**
   * Whether a customer can check in right now, and if not why (the page shows `message` instead of
   * the Check in button): paused by the shop, closed by its hours, inside the last-call window, or
   * the plan's monthly check-ins used up. `next_opening`: ISO instant, when the hours will let
   * check-ins in again. Optional in the contract so older replies still read.
   */
  check_in: z
    .object({
      open: z.boolean(),
      reason: z.enum(CHECK_IN_CLOSED_REASONS).nullable(),
      message: z.string().nullable(),
      next_opening: z.string().nullable(),
    })
    .optional(),
  /** Inside today's opening hours (always true for a shop without hours). */
  open_now: z.boolean().optional(),
  /** Today's hours in the shop's zone ('9:00 am – 7:00 pm'); null when closed today or no hours are set. */
  today_hours: z.string().nullable().optional(),
  /** ISO instant of today's closing while open; null otherwise. */
  closes_at: z.string().nullable().optional(),
  /** 'Open now · closes at 7:00 pm' / 'Closed now · opens Tuesday 9:00 am'; null when no hours are set. */
  hours_status: z.string().nullable().optional(),
  /** ISO instant at which the answers above change by the clock alone (the page refetches then). */
  changes_at: z.string().nullable().optional(),
});
export type PublicShop = z.infer<typeof publicShop>;
export const shopReply = z.object({
  status: z.literal(1),
  response: publicShop,
  today_checkins: z.number().int(),
  /**
   * The wait of a customer who checks in now for "any barber": the earliest a barber taking walk-ins
   * is free after everyone already in line; null when no barber takes walk-ins now.
   */
  any_barber_eta_range: etaRange.nullable(),
});
export type ShopReply = z.infer<typeof shopReply>;

/** Barber (GET /barbers/?shop_username= answers a list of these), plus queue facts. */
export const publicBarber = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  profile_pic: z.string().nullable(),
  booking_url: z.string(),
  position: z.number().int().nullable(),
  status: z.enum(BARBER_STATUSES),
  /** Customers waiting who asked for this barber (or anyone). */
  waiting_count: z.number().int(),
  /** Wait if a new customer chose this barber now; null when the barber takes no walk-ins (off). */
  eta_range: etaRange.nullable(),
});
export type PublicBarber = z.infer<typeof publicBarber>;

export const checkInInput = z.object({
  shop_username: z.string({ error: CHOOSE_A_SHOP }).trim().min(1, CHOOSE_A_SHOP),
  name: personName,
  phone_number: phoneNumber,
  /** A barber id, or "any" / null / absent for the first free barber. */
  barber_id: z
    .union([z.number().int().positive().max(MAX_ID, NO_SUCH_RECORD), z.literal('any'), z.null()])
    .optional()
    .transform((v) => (typeof v === 'number' ? v : null)),
  service_ids: z
    .array(z.number().int().positive().max(MAX_ID, NO_SUCH_RECORD))
    .max(MAX_CHECK_IN_SERVICES, TOO_MANY_SERVICES)
    .default([]),
  source: z.enum(['online', 'kiosk']).default('online'),
});
export type CheckInInput = z.input<typeof checkInInput>;

/**
 * A ticket as its customer sees it (GET /check-in/{token}/, and the check-in reply). Only the token's
 * holder sees it: a check-in with a phone already in line is a 409 that tells nothing of that ticket.
 */
export const publicTicket = z.object({
  token: z.string(),
  shop_username: z.string(),
  status: z.enum(TICKET_STATUSES),
  /** Masked: first name + initial. */
  party_name: z.string(),
  /** 1-based place in line among the tickets this one can be served with; null unless waiting. */
  place: z.number().int().nullable(),
  /** Waiting tickets ahead (place - 1); null unless waiting. */
  ahead: z.number().int().nullable(),
  eta_range: etaRange.nullable(),
  preferred_barber: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The barber who called or serves the ticket. */
  barber: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  services: z.array(z.object({ id: z.number().int(), name: z.string() })),
  checked_in_at: z.string(),
  called_at: z.string().nullable(),
  /** The shop's time zone in force (IANA name): "Checked in" is shown on the shop's clock, not the phone's. */
  shop_time_zone: z.string().optional(),
});
export type PublicTicket = z.infer<typeof publicTicket>;
export const ticketReply = z.object({ status: z.literal(1), response: publicTicket });

/** A service a customer can choose when checking in (GET /shop/services/?shop_username=, a bare list). */
export const publicService = z.object({
  id: z.number().int(),
  name: z.string(),
  estimated_minutes: z.number().int(),
  /** E.g. '30 min', '1 h 15 min'. */
  formatted_estimated_time: z.string(),
  price: z.number(),
});
export type PublicService = z.infer<typeof publicService>;

/**
 * The waiting-room display (GET /queue/?shop_username=): who is in the chair and who waits, in the
 * order call-next takes them. Names are masked; never a phone number or a ticket token.
 */
export const publicQueue = z.object({
  now_serving: z.array(
    z.object({ barber_id: z.number().int(), barber_name: z.string(), party_name: z.string(), started_at: z.string() }),
  ),
  waiting: z.array(
    z.object({
      place: z.number().int(),
      party_name: z.string(),
      preferred_barber_name: z.string().nullable(),
      eta_range: etaRange.nullable(),
    }),
  ),
  waiting_count: z.number().int(),
});
export type PublicQueue = z.infer<typeof publicQueue>;
export const publicQueueReply = z.object({ status: z.literal(1), response: publicQueue });

/** The waiting rows a `GET /queue/` reply holds at most when the caller names no `limit`. */
export const PUBLIC_QUEUE_DEFAULT_LIMIT = 100;
/** The most waiting rows one `GET /queue/` reply holds. */
export const PUBLIC_QUEUE_MAX_LIMIT = 500;
/**
 * Paging of the waiting rows of `GET /queue/` (optional): `offset` rows of the line skipped, at
 * most `limit` returned. `waiting_count` always counts the whole line.
 */
export const publicQueuePage = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number.' })
    .int('limit must be a whole number.')
    .min(1, `limit must be between 1 and ${PUBLIC_QUEUE_MAX_LIMIT}.`)
    .max(PUBLIC_QUEUE_MAX_LIMIT, `limit must be between 1 and ${PUBLIC_QUEUE_MAX_LIMIT}.`)
    .default(PUBLIC_QUEUE_DEFAULT_LIMIT),
  offset: z.coerce
    .number({ error: 'offset must be a whole number.' })
    .int('offset must be a whole number.')
    .min(0, 'offset must be 0 or more.')
    .max(1_000_000, 'offset must be at most 1000000.')
    .default(0),
});
export type PublicQueueReply = z.infer<typeof publicQueueReply>;

// ---------- staff: walk-in board and rotation ----------

export const walkinInput = z.object({
  name: personName,
  phone_number: phoneNumber.optional().or(z.literal('').transform(() => undefined)),
  barber_id: z
    .union([z.number().int().positive().max(MAX_ID, NO_SUCH_RECORD), z.literal('any'), z.null()])
    .optional()
    .transform((v) => (typeof v === 'number' ? v : null)),
  service_ids: z.array(z.number().int().positive().max(MAX_ID, NO_SUCH_RECORD)).max(10, 'Choose at most 10 services.').default([]),
});
export type WalkinInput = z.input<typeof walkinInput>;

/** A walk-in ticket on the staff board (full name and phone: staff only). */
export const walkin = z.object({
  id: z.number().int(),
  token: z.string(),
  party_name: z.string(),
  phone: z.string().nullable(),
  status: z.enum(TICKET_STATUSES),
  source: z.enum(TICKET_SOURCES),
  preferred_barber_id: z.number().int().nullable(),
  preferred_barber_name: z.string().nullable(),
  barber_id: z.number().int().nullable(),
  barber_name: z.string().nullable(),
  customer_id: z.number().int().nullable(),
  services: z.array(z.object({ id: z.number().int(), name: z.string(), estimated_minutes: z.number().int() })),
  /** The sum of the ticket's services' current prices (currency units): the invoice amount Complete suggests. */
  services_total: z.number().optional(),
  place: z.number().int().nullable(),
  eta_range: etaRange.nullable(),
  checked_in_at: z.string(),
  called_at: z.string().nullable(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  ended_at: z.string().nullable(),
});
export type Walkin = z.infer<typeof walkin>;

/** POST /walkins/call-next/: which barber takes the next customer (default: the caller, else who is up). */
export const callNextInput = z.object({ barber_id: z.number().int().positive().max(MAX_ID, NO_SUCH_RECORD).optional() });
/** POST /walkins/{id}/call/ and /start/: the barber who takes it (default as for call-next). */
export const ticketActionInput = z.object({ barber_id: z.number().int().positive().max(MAX_ID, NO_SUCH_RECORD).optional() }).default({});

export const rotationEntry = z.object({
  id: z.number().int(),
  name: z.string(),
  profile_pic: z.string().nullable(),
  position: z.number().int().nullable(),
  status: z.enum(BARBER_STATUSES),
  /** The walk-in this barber is serving or has called, if any. */
  current_ticket: z
    .object({ id: z.number().int(), party_name: z.string(), status: z.enum(TICKET_STATUSES), started_at: z.string().nullable() })
    .nullable(),
  waiting_count: z.number().int(),
});
export type RotationEntry = z.infer<typeof rotationEntry>;

/** GET /get-next-barber/ and GET /rotation/. */
export const nextBarberReply = z.object({
  status: z.literal(1),
  response: z.object({
    /** Who is up: the first available barber in rotation order; null when nobody is. */
    next_barber: rotationEntry.nullable(),
    rotation: z.array(rotationEntry),
    waiting_count: z.number().int(),
    in_service_count: z.number().int(),
  }),
});
export type NextBarberReply = z.infer<typeof nextBarberReply>;

export const reorderRotationInput = z.object({
  barber_ids: z.array(z.number().int().positive().max(MAX_ID, NO_SUCH_RECORD)).min(1, 'Send the barbers in their new order.'),
  reason: z.string().trim().max(200).default(''),
});
export const barberStatusInput = z.object({
  status: z.enum(BARBER_STATUSES, { error: 'The status must be available, busy, break or off.' }),
  reason: z.string().trim().max(200).default(''),
});

export const rotationEvent = z.object({
  id: z.number().int(),
  barber_id: z.number().int().nullable(),
  barber_name: z.string().nullable(),
  kind: z.string(),
  from_position: z.number().int().nullable(),
  to_position: z.number().int().nullable(),
  reason: z.string(),
  actor_name: z.string().nullable(),
  created_at: z.string(),
});

/**
 * Server-sent events of GET /events/?shop_username= (event name `queue`). They say what changed,
 * not the data: a page refetches what it shows. `ping` comments keep proxies from closing idle streams.
 */
export const queueEvent = z.object({
  kind: z.enum(['ticket', 'rotation', 'shop']),
  shop_username: z.string(),
  /**
   * For kind `ticket`: the ticket's token, so a ticket page can tell its own change. Sent only to a
   * stream opened with that token (`/events/?shop_username=…&token=…`): a token is the key to cancel.
   */
  token: z.string().optional(),
  status: z.enum(TICKET_STATUSES).optional(),
  at: z.string(),
});
export type QueueEvent = z.infer<typeof queueEvent>;

/**
 * GET /walkins/: the paginated staff list. `status` is one status or several separated by commas
 * (e.g. `waiting,called,in_service` for the live board); default ordering oldest first.
 */
export const walkinListQuery = listQuery(['checked_in_at', 'id', 'status']).extend({
  status: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || v.split(',').every((s) => (TICKET_STATUSES as readonly string[]).includes(s.trim())),
      `status must be one or more of: ${TICKET_STATUSES.join(', ')}`,
    ),
});
export type WalkinListQuery = z.input<typeof walkinListQuery>;
