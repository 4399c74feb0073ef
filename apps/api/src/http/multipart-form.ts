import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

export interface FormFile {
  fieldname: string;
  filename: string;
  mimetype: string;
  buffer: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  file: FormFile | null;
}

/**
 * Reads a multipart/form-data body: its text fields and at most one file, held in memory (the
 * registered limit keeps it at 5 MB; past it the parser throws and the error handler answers 413).
 */
export async function readMultipartForm(request: FastifyRequest): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new HttpError(415, 'This request must be sent as a form (multipart/form-data).');
  const fields: Record<string, string> = {};
  let file: FormFile | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const f = part as MultipartFile;
      const buffer = await f.toBuffer();
      // An empty file input is sent as a part with no bytes: no file chosen.
      if (buffer.length > 0) file = { fieldname: f.fieldname, filename: f.filename, mimetype: f.mimetype, buffer };
    } else {
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
    }
  }
  return { fields, file };
}
