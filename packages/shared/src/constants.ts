// Business constants of the product. One place, shared by the API and the front ends.
export const PRODUCT_NAME = 'Chairline';
export const SUCCESS_STATUS = 1;
export const FAILURE_STATUS = 0;

export const TOKEN_REFRESH_THRESHOLD_MS = 259_200_000; // 3 days
export const DEFAULT_CHECK_IN_LIMIT = 200;
export const DEFAULT_BARBER_LIMIT = 2;
export const UNLIMITED = -1;

export const PROFILE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const USAGE_ALERT_THRESHOLD_PERCENT = 80;
export const RIBBON_MIN_TRIAL_DAYS = 2;

export const PIN_LENGTH = 4;
export const PIN_VALIDITY_MS = 300_000;

export const ALERT_TIMEOUT_MS = 5000;
export const TOAST_AUTO_CLOSE_MS = 2000;
export const TOAST_DURATION_MS = 5000;

export const POLL_SHOP_MS = 20_000;
export const POLL_USER_MS = 20_000;
export const POLL_NEXT_BARBER_MS = 10_000;

export const MOBILE_BREAKPOINT_PX = 768;
export const DRAG_TO_CLOSE_PX = 100;
export const QR_CODE_PX = 192;

export const BASIC_PLAN_NAME = 'BASIC PLAN';
/** Days of trial a new shop gets on the BASIC PLAN. */
export const SIGNUP_TRIAL_DAYS = 14;

/** Local storage keys. */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  lastTokenRefresh: 'lastTokenRefresh',
  affiliate: 'isAffiliate',
  marketingPopupShown: 'marketingPopupShown',
  pinValid: 'pinValid',
  affiliateInvite: 'affiliateInvite',
} as const;

/** Shop usernames that would collide with the product's own routes. */
export const RESERVED_USERNAMES = [
  'api', 'admin', 'affiliate', 'app', 'assets', 'auth', 'billing', 'dashboard', 'display', 'docs',
  'employees', 'barbers', 'forgot-password', 'health', 'help', 'login', 'logout', 'pricing',
  'privacy-policy', 'reset-password', 'root', 'shop', 'signup', 'static', 'store', 'support',
  'terms-and-services', 'uploads', 'www', 'chairline',
] as const;

/** Minutes a walk-in without chosen services is expected to take (the queue's wait estimate). */
export const DEFAULT_TICKET_MINUTES = 30;
/** Minutes still expected from a service that has run past its estimate. */
export const OVERRUN_REMAINING_MINUTES = 5;
/** Keep-alive comment interval of the server-sent event streams (proxies close idle ones). */
export const SSE_KEEPALIVE_MS = 25_000;
/** Days a past-due subscription (a failed renewal) keeps working before the shop is locked. */
export const PAST_DUE_GRACE_DAYS = 7;

/** Upgrade prompts of BASIC PLAN users: the marketing modal waits this long after the page loads. */
export const MARKETING_MODAL_DELAY_MS = 1500;
/** The corner card counts down this long, then closes itself. */
export const CORNER_CARD_COUNTDOWN_MS = 15_000;
const MINUTE_MS = 60_000;
/** When each upgrade prompt first appears after load, then how often it comes back. */
export const UPGRADE_PROMPT_SCHEDULE = {
  toastCard: { firstDelayMs: 5_000, repeatMs: 30 * MINUTE_MS },
  usageAlert: { firstDelayMs: 10_000, repeatMs: 60 * MINUTE_MS },
  limitedPopup: { firstDelayMs: 15_000, repeatMs: 120 * MINUTE_MS },
  bottomBanner: { firstDelayMs: 8_000, repeatMs: 45 * MINUTE_MS },
  cornerRibbon: { firstDelayMs: 12_000, repeatMs: 90 * MINUTE_MS },
} as const;
/** Local storage key of the back office's dismissed plan notices (trial end, free plan, past due). */
export const PLAN_NOTICE_DISMISSED_KEY = 'planNoticeDismissed';

/** The largest page a list route answers (`page_size`); a longer read (an export) asks for several. */
export const MAX_PAGE_SIZE = 100;

/** The orders the customer list may be sorted by (its query schema and the back office's list share them). */
export const CUSTOMER_ORDERING = ['name', 'created_at', 'visits', 'total_spent', 'last_visit'] as const;
