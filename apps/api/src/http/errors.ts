import { MESSAGES } from '@chairline/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** How a route answers errors: the API envelope, or `{detail}` for the sign-in endpoints (spec §7). */
export type ErrorShape = 'status' | 'detail';

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
  return reply.status(statusCode).send(shape === 'detail' ? { detail: message } : { status: 0, response: message });
}

interface ValidationIssue {
  message?: string;
  instancePath?: string;
  params?: { issue?: { message?: string } };
}

function validationMessage(err: FastifyError): string {
  const first = (err.validation as ValidationIssue[] | undefined)?.[0];
  return first?.params?.issue?.message ?? first?.message ?? 'The request is not valid.';
}

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

/** One error handler for the whole API: a clear message and the right status, never a stack trace. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) return sendError(request, reply, err.statusCode, err.message);
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

  app.setNotFoundHandler((request, reply) => sendError(request, reply, 404, MESSAGES.notFound));
}
