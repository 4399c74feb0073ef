/** A send that must not be tried again (the address is gone or refused for good). */
export class PermanentSendError extends Error {
  constructor(
    message: string,
    /** The push subscription the push service says no longer exists. */
    readonly goneEndpoint?: string,
  ) {
    super(message);
  }
}

// Runs of 7 or more digits with the usual separators: any spelling of a phone number.
const PHONE_LIKE = /\+?\d[\d\s().-]{5,}\d/g;

/** An error as stored in last_error and written to the log: short, with any phone number blanked out. */
export function safeErrorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.replace(PHONE_LIKE, '[number]').slice(0, 300);
}
