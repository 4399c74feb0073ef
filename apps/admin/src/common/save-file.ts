import type { DownloadedFile } from '@chairline/data-provider';

/**
 * Hands the browser a file the API served behind the bearer token (a plain link could not send
 * the token): a blob link with the file's name, clicked once.
 */
export function saveFile({ text, fileName }: DownloadedFile): void {
  const blob = new Blob([text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
