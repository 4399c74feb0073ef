import { HttpError, messageOf } from '@chairline/data-provider';
import { MESSAGES } from '@chairline/shared';

/**
 * The text a screen shows for a failed call: the server's message the data provider threw, else
 * the screen's own words, else the generic sentence.
 */
export function errorText(err: unknown, fallback: string = MESSAGES.somethingWrong): string {
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

/** Like errorText, for screens with their own words when a refusal carries no message of the server's. */
export function refusalText(err: unknown, fallback: string): string {
  if (err instanceof HttpError) return messageOf({ status: err.status, body: err.body as unknown }, fallback);
  return err instanceof Error && err.message ? err.message : fallback;
}
