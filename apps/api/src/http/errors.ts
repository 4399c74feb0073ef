import { MESSAGES } from '@chairline/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DatabaseBusyError } from '../db/postgres.js';

/**
 * How a route answers errors: the API envelope, `{detail}` for the sign-in endpoints, or `{error}`
 * for subscribe (the plans screen reads `checkout_url` or `error`).
 */
export type ErrorShape = 'status' | 'detail' | 'error';

/** An error meant for a person: its message is sent as is, with its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string = MESSAGES.notAuthenticated) => new HttpError(401, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const payloadTooLarge = (message: string = MESSAGES.bodyTooLarge) => new HttpError(413, message);
export const tooManyRequests = (message: string = MESSAGES.tooManyRequests) => new HttpError(429, message);
export const unavailable = (message: string) => new HttpError(503, message);

export function sendError(request: FastifyRequest, reply: FastifyReply, statusCode: number, message: string) {
  const shape: ErrorShape = request.routeOptions.config?.errorShape ?? 'status';
  if (shape === 'detail') return reply.status(statusCode).send({ detail: message });
  if (shape === 'error') return reply.status(statusCode).send({ error: message });
  return reply.status(statusCode).send({ status: 0, response: message });
}

interface ValidationIssue {
  keyword?: string;
  message?: string;
  instancePath?: string;
  params?: { expected?: string; origin?: string; maximum?: number | bigint; minimum?: number | bigint; inclusive?: boolean; values?: unknown[] };
}

const KINDS: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

/** zod's own wording ("Invalid input: expected number, received NaN") names neither the field nor what to send. */
const ZOD_DEFAULT = /^(Invalid input|Invalid option|Invalid string|Invalid element|Invalid key|Too big:|Too small:|Unrecognized key)/;

function validationMessage(err: FastifyError): string {
  const first = (err.validation as ValidationIssue[] | undefined)?.[0];
  const message = first?.message;
  if (message && !ZOD_DEFAULT.test(message)) return message;
  const field = (first?.instancePath ?? '').split('/').filter(Boolean).join('.');
  const p = first?.params ?? {};
  if (!field) return first?.keyword === 'invalid_type' ? 'The request body must be a JSON object.' : 'The request is not valid.';
  switch (first?.keyword) {
    case 'invalid_type':
      return message?.endsWith('received undefined') ? `Please fill in ${field}.` : `${field} must be ${KINDS[p.expected ?? ''] ?? 'of another type'}.`;
    case 'too_big':
      if (p.origin === 'string') return `${field} must be at most ${String(p.maximum)} characters long.`;
      if (p.origin === 'array' || p.origin === 'set') return `${field} can hold at most ${String(p.maximum)} items.`;
      // The bound of .int() (2^53 - 1) means nothing to a person.
      if (Number(p.maximum) >= Number.MAX_SAFE_INTEGER) return `${field} is too large.`;
      return p.inclusive === false ? `${field} must be less than ${String(p.maximum)}.` : `${field} must be at most ${String(p.maximum)}.`;
    case 'too_small':
      if (p.origin === 'string') return Number(p.minimum) <= 1 ? `Please fill in ${field}.` : `${field} must be at least ${String(p.minimum)} characters long.`;
      if (p.origin === 'array' || p.origin === 'set') return `${field} needs at least ${String(p.minimum)} item(s).`;
      if (Number(p.minimum) <= Number.MIN_SAFE_INTEGER) return `${field} is too small.`;
      return p.inclusive === false ? `${field} must be more than ${String(p.minimum)}.` : `${field} must be at least ${String(p.minimum)}.`;
    case 'invalid_value':
      return `${field} must be one of: ${(p.values ?? []).map(String).join(', ')}.`;
    default:
      return `${field} is not valid.`;
  }
}

/**
 * Text with a NUL character cannot be stored (PostgreSQL text refuses it); refuse it up front.
 * Walks with its own stack, not by recursion, so no shape of input can overflow the call stack.
 */
export function hasNul(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (ArrayBuffer.isView(value)) {
      // Raw bytes (a route with its own raw-body parser) are not text to store.
      continue;
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}
export const NUL_MESSAGE = 'The text contains a character that is not allowed (NUL).';

const FASTIFY_CLIENT_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, MESSAGES.invalidJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, MESSAGES.invalidJson],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, MESSAGES.bodyTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'This content type is not supported. Send JSON.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'The request length does not match its body.'],
  FST_REQ_FILE_TOO_LARGE: [413, MESSAGES.imageSize],
  FST_FILES_LIMIT: [413, 'Send one file at a time.'],
  FST_PARTS_LIMIT: [413, MESSAGES.bodyTooLarge],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'This request must be sent as a form (multipart/form-data).'],
};

/**
 * Answers the router's own errors (a path segment too long or badly encoded), which never reach
 * the error handler; passed to Fastify as `frameworkErrors`. Such a path names no object: 404.
 */
export function answerFrameworkError(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = err.code === 'FST_ERR_BAD_URL' || err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 404 : 400;
  return reply.status(status).send({ status: 0, response: status === 404 ? MESSAGES.notFound : 'The request is not valid.' });
}

/** One error handler for the whole API: a clear message and the right status, never a stack trace. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) return sendError(request, reply, err.statusCode, err.message);
    // Every database connection stayed busy, or the database cannot be reached: nothing was done,
    // and the same request may simply be sent again.
    if (err instanceof DatabaseBusyError) {
      request.log.warn({ err }, 'database busy');
      void reply.header('retry-after', '5');
      return sendError(request, reply, 503, MESSAGES.busy);
    }
    // A malformed id in the path names no object: not found, like another shop's object.
    if (err.validation && err.validationContext === 'params') return sendError(request, reply, 404, MESSAGES.notFound);
    if (err.validation) return sendError(request, reply, 400, validationMessage(err));
    const known = err.code ? FASTIFY_CLIENT_ERRORS[err.code] : undefined;
    if (known) return sendError(request, reply, known[0], known[1]);
    if (err instanceof SyntaxError && err.statusCode === 400) return sendError(request, reply, 400, MESSAGES.invalidJson);
    if (err.statusCode === 429) return sendError(request, reply, 429, MESSAGES.tooManyRequests);
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      request.log.info({ err }, 'client error');
      return sendError(request, reply, err.statusCode, 'The request could not be processed.');
    }
    request.log.error({ err }, 'unhandled error');
    return sendError(request, reply, 500, MESSAGES.internal);
  });

  // After access control and schema validation, so callers still get 401/403 and field messages first.
  app.addHook('preHandler', async (request) => {
    if (hasNul(request.params)) throw notFound();
    if (hasNul(request.query) || hasNul(request.body)) throw badRequest(NUL_MESSAGE);
  });

  app.setNotFoundHandler((request, reply) => sendError(request, reply, 404, MESSAGES.notFound));
}
