import type { FastifyInstance } from 'fastify';
import type { Sql } from '../../db/database.js';
import type { FormFile } from '../../http/multipart-form.js';
import { badRequest } from '../../http/errors.js';
import { prepareImage, removeImageFile, writeImageFile, type PreparedImage } from './images.js';
import { recordUpload } from './uploads-repository.js';

export type UploadKind = 'profile_photo' | 'shop_logo';

export interface UploadOwner {
  kind: UploadKind;
  shopId: number | null;
  userId: number | null;
}

type UploadsApp = Pick<FastifyInstance, 'db' | 'uploadsDir'>;

const uploadRecord = (path: string, image: PreparedImage, owner: UploadOwner) => ({
  shopId: owner.shopId,
  userId: owner.userId,
  kind: owner.kind,
  path,
  mimeType: image.mimeType,
  bytes: image.data.length,
  width: image.width,
  height: image.height,
});

/**
 * Runs `change` in one transaction with the image (if any) checked, re-encoded, written to disk
 * and recorded in `uploads`; `change` gets the stored path (relative to the server root) or null.
 * The slow image work happens before the transaction opens; if the change fails, the file goes.
 */
export async function withUploadedImage<T>(
  app: UploadsApp,
  file: FormFile | null,
  owner: UploadOwner,
  change: (tx: Sql, path: string | null) => Promise<T>,
): Promise<T> {
  if (!file) return app.db.transaction((tx) => change(tx, null));
  const image = await prepareImage(file);
  const path = await writeImageFile(app.uploadsDir, image, owner.kind);
  try {
    return await app.db.transaction(async (tx) => {
      await recordUpload(tx, uploadRecord(path, image, owner));
      return change(tx, path);
    });
  } catch (err) {
    await removeImageFile(app.uploadsDir, path);
    throw err;
  }
}

/** Checks, re-encodes, stores and records one image; returns its path relative to the server root. */
export async function saveImage(app: UploadsApp, file: FormFile, owner: UploadOwner): Promise<string> {
  const path = await withUploadedImage(app, file, owner, async (_tx, stored) => stored);
  if (!path) throw new Error('image was not stored');
  return path;
}

/** The form's file if it came in the expected field; a file under another name is a client mistake. */
export function fileFromField(file: FormFile | null, field: string): FormFile | null {
  if (file && file.fieldname !== field) throw badRequest(`Send the image in the "${field}" field.`);
  return file;
}
