// Texts a person reads, shared by the API and the front ends, word for word: tests compare them as they are.
export const MESSAGES = {
  fillAllFields: 'Please fill all the fields.',
  invalidCredentials: 'No active account found with the given credentials',
  somethingWrong: 'Something went wrong. Please try again later.',
  loggedIn: 'Logged in successfully!',
  notAuthenticated: 'Authentication credentials were not provided or have expired.',
  forbidden: 'You do not have permission to perform this action.',
  notFound: 'Not found.',
  invalidJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request is too large.',
  tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
  internal: 'Something went wrong on our side. Please try again later.',
  busy: 'We are very busy right now. Please try again in a moment.',
  unexpectedReply: 'The server answered in an unexpected way. Please reload the page and try again.',
  imageType: 'Please select an image file (JPEG, PNG, etc.)',
  imageTypeTitle: 'Invalid File Type',
  imageSize: 'Please select an image smaller than 5MB',
  imageSizeTitle: 'File Too Large',
  profileUpdated: 'Profile updated successfully',
  emailTaken: 'An account with this email already exists.',
  usernameTaken: 'This shop username is already taken.',
  usernameReserved: 'This shop username is reserved. Please choose another one.',
  refreshInvalid: 'Your session has expired. Please sign in again.',
  resetSent: "If an account exists for that email, we've sent a link to reset the password.",
  resetInvalid: 'This password reset link is invalid or has expired.',
  passwordReset: 'Your password has been reset. You can now sign in.',
  loggedOut: 'You have been logged out.',
  bodyTooDeep: 'The request body is nested too deeply.',
} as const;

// The walk-in queue and the rotation (docs/queue.md).
export const QUEUE_MESSAGES = {
  shopNotFound: 'This shop does not exist.',
  ticketNotFound: 'This ticket does not exist.',
  barberNotFound: 'This barber does not exist.',
  checkInLimitReached:
    'This shop has reached its check-ins for this month, so online check-in is closed. Please ask at the front desk.',
  barberNotTaking: 'This barber is not taking walk-ins today. Please choose another barber or "Any barber".',
  barberNotInShop: 'Please choose a barber of this shop.',
  servicesNotInShop: 'Please choose services offered by this shop.',
  phoneInLine: 'This phone number already has a ticket in line.',
  nobodyWaiting: 'No customer is waiting for this barber.',
  noBarberFree: 'No barber is free to take the next customer.',
  ownTicketsOnly: 'Barbers can only act for themselves.',
  rotationChanged: 'The rotation has changed. Please reload and try again.',
  rotationDuplicate: 'Each barber can appear only once in the rotation.',
  notTakingWalkins: 'This team member does not take walk-ins. Add them to the rotation first.',
} as const;

// Phone identity and ticket privacy (docs/queue.md).
export const PHONE_MESSAGES = {
  /** A check-in with a phone already in line: nothing of that ticket (token, name, place) is told. */
  alreadyInLine: 'This number is already in line.',
  invalidPhone: 'Please enter a valid phone number.',
  invalidCountry: 'Please choose a country from the list.',
} as const;

// Shop settings: the time zone must be one both the browser's and the database's time-zone data know.
export const timeZoneUnsupported = (zone: string) =>
  `The time zone "${zone}" is not supported. Please choose another one, for example America/New_York.`;
export const timeZoneNotRecognised = (saved: string, effective: string) =>
  `Your saved time zone "${saved}" is not recognised any more, so ${effective} is used until you choose another one.`;

/** Paid plans: what the subscribe, billing and webhook endpoints tell a person. */
export const BILLING_MESSAGES = {
  paymentsNotSetUp: 'Online payments are not set up on this server, so paid plans cannot be bought here yet.',
  providerUnavailable: 'The payment service did not answer. Please try again in a minute.',
  planNotFound: 'This plan does not exist or is no longer offered.',
  freePlan: 'The BASIC PLAN is free: use “Skip and continue with basic plan”.',
  noPaidSubscription: 'This shop has no paid subscription to manage yet. Choose a plan first.',
  samePlan: 'You are already on this plan.',
  locked:
    'Your subscription is not active (the last payment failed), so changes are paused. Your data is safe: update your card under Billing to continue.',
  notTakingCheckIns: 'This shop is not taking online check-ins right now. Please ask at the front desk.',
  webhookNotSetUp: 'Stripe webhooks are not set up on this server.',
  badSignature: 'The Stripe signature is missing or wrong.',
} as const;

/** Who takes walk-ins: owners and managers choose to leave or join the rotation; barbers always take them. */
export const ROTATION_MEMBERSHIP_MESSAGES = {
  barberAlwaysTakesWalkins: 'A barber always takes walk-ins and stays in the rotation. Only owners and managers can leave it.',
  left: (name: string) => `${name} is out of the rotation and no longer takes walk-ins.`,
  joined: (name: string) => `${name} is back in the rotation and takes walk-ins.`,
} as const;

/** Turn alerts: the texts customers read (push, SMS, email) and what the alert routes answer. */
export const ALERT_MESSAGES = {
  next: (shop: string) => `You're next at ${shop}`,
  nextBody: 'Please head back to the shop now so you are ready when your barber calls you.',
  twoAhead: (shop: string, ahead: number) =>
    ahead <= 0 ? `You're next at ${shop}` : `Almost your turn at ${shop}: ${ahead === 1 ? '1 person is' : `${ahead} people are`} ahead of you`,
  twoAheadBody: 'Time to start heading back to the shop.',
  fifteenMinutes: (shop: string) => `About 15 minutes to your turn at ${shop}`,
  fifteenMinutesBody: 'Time to start heading back to the shop.',
  called: (shop: string, barber: string | null) =>
    barber ? `It's your turn at ${shop} — ${barber} is ready for you` : `It's your turn at ${shop} — please come to the front desk`,
  calledBody: 'Please come to the chair now.',
  shopCancelled: (shop: string) => `${shop} cancelled your place in line`,
  shopCancelledBody: 'If this is a mistake, please ask at the front desk or check in again.',
  ticketLink: (shop: string) => `Your place in line at ${shop}`,
  ticketLinkBody: 'Someone tried to check in with your number, but you are already in line. Your ticket:',
  followLink: 'Follow your place in line:',
  smsOptOut: 'Reply STOP to stop these texts.',
  emailOptOut: 'Turn off these alerts:',
  smsStopped: 'You will get no more texts about your place in line.',
  offPageTitle: 'Alerts turned off',
  offPageBody: (shop: string) => `You will get no more alerts about your place in line at ${shop}.`,
  offPageLink: 'Back to your ticket',
  offAskTitle: 'Turn off alerts?',
  offAskBody: (shop: string) => `You will no longer be told when your turn is near at ${shop}. Your place in line stays.`,
  offAskButton: 'Turn off alerts',
  channelUnavailable: (channel: 'push' | 'sms' | 'email') =>
    `${channel === 'push' ? 'Notifications' : channel === 'sms' ? 'Text message alerts' : 'Email alerts'} are not available on this server. Please choose another way to be told.`,
  emailRequired: 'Please enter the email address your alerts should go to.',
  pushRequired: 'This browser did not give a notification subscription. Please allow notifications and try again, or choose another way to be told.',
  pushInvalid: 'This browser gave a notification subscription that cannot be used. Please try again, or choose another way to be told.',
  noPhone: 'This ticket has no phone number, so text message alerts cannot be sent. Please choose another way to be told.',
  ticketNotWaiting: 'This ticket is no longer in line, so alerts cannot be turned on.',
  badSignature: 'The Twilio signature is missing or wrong.',
} as const;

// Putting a cancelled or no-show ticket back in line (docs/queue.md, "Undo and putting a ticket back").
export const PUT_BACK_MESSAGES = {
  tooLate: 'This ticket left the line more than 2 hours ago, so it can no longer be put back. Please add the customer as a new walk-in.',
  phoneInLine: 'This phone number already has a new ticket in line, so the old one cannot be put back.',
} as const;
