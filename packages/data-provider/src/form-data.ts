import { isRecord } from './messages.js';

/** react-admin's file inputs hold `{ rawFile: File, src, title }`; the server wants the file. */
function fileOf(value: unknown): Blob | null {
  if (typeof Blob !== 'undefined' && value instanceof Blob) return value;
  if (isRecord(value) && typeof Blob !== 'undefined' && value.rawFile instanceof Blob) return value.rawFile;
  return null;
}

/** A record as multipart fields: files as files, booleans 'true'/'false', lists comma-free JSON. */
export function toFormData(data: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || value === null) continue;
    const file = fileOf(value);
    if (file) {
      form.append(key, file, file instanceof File ? file.name : key);
    } else if (isRecord(value) && 'src' in value) {
      // An unchanged image preview: nothing to upload.
      continue;
    } else if (Array.isArray(value) || isRecord(value)) {
      form.append(key, JSON.stringify(value));
    } else {
      form.append(key, String(value));
    }
  }
  return form;
}
