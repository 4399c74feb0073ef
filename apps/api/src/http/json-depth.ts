import { Transform, type TransformCallback } from 'node:stream';
import { MESSAGES } from '@chairline/shared';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

/**
 * The deepest JSON body the API accepts. No request of ours nests more than a few levels; a body
 * nested thousands of levels deep is an attack on whatever walks it recursively afterwards (the
 * validator, the NUL check, a handler), so it is refused while it is still being read.
 */
export const MAX_JSON_DEPTH = 32;

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Passes a JSON body through unchanged while counting how deeply it nests, outside strings; fails
 * with a 400 as soon as it goes past the limit. Works on bytes: in UTF-8 the bytes of a multi-byte
 * character are all ≥ 0x80, so none of them is a bracket, a quote or a backslash.
 */
export class JsonDepthGuard extends Transform {
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly maxDepth: number = MAX_JSON_DEPTH) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) this.inString = false;
      } else if (byte === QUOTE) {
        this.inString = true;
      } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
        this.depth += 1;
        if (this.depth > this.maxDepth) {
          callback(new HttpError(400, MESSAGES.bodyTooDeep));
          return;
        }
      } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
        this.depth -= 1;
      }
    }
    callback(null, chunk);
  }
}

const isJson = (contentType: string | undefined) => contentType !== undefined && /json/i.test(contentType);

/**
 * Puts the depth guard in front of every JSON body parser, whichever parser a route uses (a route
 * with its own raw-body parser, such as a signed webhook, still gets its bytes unchanged).
 */
export function registerJsonDepthLimit(app: FastifyInstance) {
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!isJson(request.headers['content-type'])) return payload;
    const guard = new JsonDepthGuard();
    // Fastify compares the bytes read with Content-Length; the guard passes every byte through.
    payload.on('error', (err) => guard.destroy(err));
    return payload.pipe(guard);
  });
}
