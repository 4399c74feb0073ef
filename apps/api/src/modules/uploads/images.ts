import { randomUUID } from 'node:crypto';
import { unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MESSAGES, PROFILE_PHOTO_MAX_BYTES } from '@chairline/shared';
import sharp from 'sharp';
import type { FormFile } from '../../http/multipart-form.js';
import { badRequest, payloadTooLarge } from '../../http/errors.js';

/** Raster formats people upload as photos and logos. SVG is refused: it is a document, not a picture. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** Decoding stops past this many pixels (a "decompression bomb" is a small file with a huge canvas). */
const MAX_INPUT_PIXELS = 40_000_000;
/** Stored images fit in this square: plenty for avatars and logos, small to serve. */
const MAX_EDGE_PX = 1024;
const WEBP_QUALITY = 82;

export const UPLOADS_URL_PREFIX = '/uploads/';

export interface PreparedImage {
  data: Buffer;
  width: number;
  height: number;
  mimeType: 'image/webp';
  extension: 'webp';
}

/**
 * Checks that the bytes are a picture (by decoding them, never by the name or declared type) and
 * re-encodes them: turned upright, at most 1024 px, metadata (EXIF, GPS) dropped, as WebP.
 */
export async function prepareImage(file: FormFile): Promise<PreparedImage> {
  if (file.buffer.length > PROFILE_PHOTO_MAX_BYTES) throw payloadTooLarge(MESSAGES.imageSize);
  const input = () => sharp(file.buffer, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
  let format: string | undefined;
  try {
    format = (await input().metadata()).format;
  } catch {
    throw badRequest(MESSAGES.imageType);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw badRequest(MESSAGES.imageType);
  try {
    const { data, info } = await input()
      .rotate()
      .resize({ width: MAX_EDGE_PX, height: MAX_EDGE_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, mimeType: 'image/webp', extension: 'webp' };
  } catch {
    // Truncated or corrupt pixel data, or a canvas over the pixel limit.
    throw badRequest(MESSAGES.imageType);
  }
}

/** Writes the image under a new server-made name; returns its path relative to the server root. */
export async function writeImageFile(uploadsDir: string, image: PreparedImage, kind: string): Promise<string> {
  const name = `${kind.replace(/_/g, '-')}-${randomUUID()}.${image.extension}`;
  await writeFile(join(uploadsDir, name), image.data, { flag: 'wx' });
  return `${UPLOADS_URL_PREFIX}${name}`;
}

/** Removes a file written for a change that did not commit. */
export async function removeImageFile(uploadsDir: string, path: string): Promise<void> {
  if (!path.startsWith(UPLOADS_URL_PREFIX)) return;
  const name = path.slice(UPLOADS_URL_PREFIX.length);
  if (name.includes('/') || name.includes('\\') || name.startsWith('.')) return;
  await unlink(join(uploadsDir, name)).catch(() => undefined);
}
