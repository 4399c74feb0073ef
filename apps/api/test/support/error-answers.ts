/**
 * What a refusal must look like: a JSON body with one sentence for a person, in the route's shape
 * (`{status: 0, response}` for the API, `{detail}` for the sign-in endpoints, `{error}` for subscribe), never a server
 * error, a stack trace, the validator's own wording or a database message.
 */
export type ErrorShape = 'status' | 'detail' | 'error' | 'either';

const INTERNALS = /\n\s+at |\bat .+:\d+:\d+|node_modules|\.(ts|js):\d+|\bstack\b|ZodError|FST_|\berror:|violates|syntax error|relation "|undefined|NaN|\[object Object\]/i;
const ZOD_WORDING = /^(Invalid input|Invalid option|Invalid string|Too big:|Too small:|Unrecognized key)/;

/** What is wrong with an answer to bad input, or null when it is fine. */
export function problemWithAnswer(shape: ErrorShape, statusCode: number, body: string, contentType: string | undefined): string | null {
  if (statusCode >= 500) return `server error ${statusCode}: ${body.slice(0, 300)}`;
  if (statusCode < 400) return null;
  if (!contentType?.startsWith('application/json')) return `${statusCode} without a JSON body (${contentType ?? 'no content type'}): ${body.slice(0, 200)}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `${statusCode} body is not JSON: ${body.slice(0, 200)}`;
  }
  const record = (parsed ?? {}) as Record<string, unknown>;
  const asDetail = Object.keys(record).length === 1 && typeof record.detail === 'string';
  const asStatus = Object.keys(record).length === 2 && record.status === 0 && typeof record.response === 'string';
  const asError = Object.keys(record).length === 1 && typeof record.error === 'string';
  const fits = shape === 'either' ? asDetail || asStatus || asError : shape === 'detail' ? asDetail : shape === 'error' ? asError : asStatus;
  if (!fits) {
    const wanted =
      shape === 'detail' ? '{detail: string}' : shape === 'error' ? '{error: string}' : shape === 'status' ? '{status: 0, response: string}' : 'an error message';
    return `${statusCode} body is not ${wanted}: ${body.slice(0, 200)}`;
  }
  const message = String(asDetail ? record.detail : asError ? record.error : record.response);
  if (message.trim().length < 3 || message.length > 300) return `${statusCode} message is not a sentence for a person: ${JSON.stringify(message.slice(0, 300))}`;
  if (INTERNALS.test(message)) return `${statusCode} message shows internals: ${JSON.stringify(message)}`;
  if (ZOD_WORDING.test(message)) return `${statusCode} message is the validator's wording, not naming the field: ${JSON.stringify(message)}`;
  return null;
}
