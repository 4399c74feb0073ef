import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

/** The product mark, the same drawing the pages carry inline as their icon. */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#111827"/>' +
  '<path d="M21.5 11.2A7 7 0 1 0 21.5 20.8" fill="none" stroke="#f59e0b" stroke-width="3.5" stroke-linecap="round"/></svg>';

/** An .ico file holding PNG images (every browser since Windows Vista reads PNG entries). */
export function icoOf(images: readonly { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach((img, i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(img.size >= 256 ? 0 : img.size, at); // width (0 means 256)
    header.writeUInt8(img.size >= 256 ? 0 : img.size, at + 1); // height
    header.writeUInt8(0, at + 2); // no palette
    header.writeUInt8(0, at + 3); // reserved
    header.writeUInt16LE(1, at + 4); // colour planes
    header.writeUInt16LE(32, at + 6); // bits per pixel
    header.writeUInt32LE(img.png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += img.png.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.png)]);
}

/**
 * GET /favicon.ico: browsers ask for it on their own whatever the page links, so it answers the
 * product mark (16 and 32 pixels) rather than a 404. Drawn once, on the first request.
 */
export function registerFavicon(app: FastifyInstance) {
  let icon: Promise<Buffer> | undefined;
  const draw = async () =>
    icoOf(
      await Promise.all(
        [16, 32].map(async (size) => ({ size, png: await sharp(Buffer.from(FAVICON_SVG)).resize(size, size).png().toBuffer() })),
      ),
    );
  app.get('/favicon.ico', { schema: { hide: true } }, async (_req, reply) => {
    icon ??= draw().catch((err: unknown) => {
      icon = undefined;
      throw err;
    });
    return reply
      .header('content-type', 'image/x-icon')
      .header('cache-control', 'public, max-age=86400')
      .send(await icon);
  });
}
