import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { HttpError, NUL_MESSAGE } from './errors.js';

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

const NOT_A_FORM = 'This request must be sent as a form (multipart/form-data).';
const UNREADABLE_FORM = 'The form could not be read. Please send it again.';

/**
 * Reads a multipart/form-data body: its text fields and at most one file, held in memory (the
 * registered limit keeps it at 5 MB; past it the parser throws and the error handler answers 413).
 */
export async function readMultipartForm(request: FastifyRequest): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new HttpError(415, NOT_A_FORM);
  const fields: Record<string, string> = {};
  let file: FormFile | null = null;
  try {
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
  } catch (err) {
    // The plugin's own limit errors carry a code the error handler turns into 413/415; a broken
    // body (bad boundary, cut short) is the sender's fault, not a server error.
    if (err instanceof HttpError || (err as { code?: string }).code?.startsWith('FST_')) throw err;
    throw new HttpError(400, UNREADABLE_FORM);
  }
  // Form fields are read here, after the hooks that refuse NUL characters in JSON bodies.
  if (Object.values(fields).some((v) => v.includes('\u0000'))) throw new HttpError(400, NUL_MESSAGE);
  return { fields, file };
}

/**
 * The form of a multipart request, or the fields of a JSON object body (no file), so a client
 * without a file to send may post plain JSON. Numbers and booleans become their text form.
 */
export async function readFormOrJson(request: FastifyRequest): Promise<MultipartForm> {
  if (request.isMultipart()) return readMultipartForm(request);
  const body = request.body;
  if (body === undefined || body === null) throw new HttpError(415, NOT_A_FORM);
  if (typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, UNREADABLE_FORM);
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = String(value);
    else throw new HttpError(400, `The field ${key} must be text.`);
  }
  return { fields, file: null };
}
