import { randomBytes } from 'node:crypto';

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body as a browser sends it, for app.inject. */
export function multipart(fields: Record<string, string>, file?: FilePart): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----chairline${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
