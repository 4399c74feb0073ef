import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Replies smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * API replies (JSON, text) of 1 KB or more are compressed with brotli or gzip, whichever the client
 * prefers among those it accepts. Never the event stream: it is written straight to the socket
 * (and `text/event-stream` is not a compressible type here), so every event leaves at once instead
 * of waiting in a compressor's buffer. The front ends' files are compressed once at build time
 * and served as they are (see front-ends.ts), not here.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });
}
