/**
 * A billing refusal meant for a person. Subscribe answers `{error}` (the plans screen shows it
 * after 'Subscription error: '); the other billing routes answer the usual envelope.
 */
export class BillingError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}
