import './offline-note.css';

export const OFFLINE_TEXT = 'Offline — retrying…';

/**
 * A small, polite line saying the page could not refresh and keeps trying; the data on screen is
 * the last that loaded. The status region stays in the page (empty while live) so the change is
 * announced when it comes.
 */
export function OfflineNote({ offline, className = '' }: { offline: boolean; className?: string }) {
  return (
    <p className={`offline-note ${className}`.trim()} role="status" data-offline={offline || undefined}>
      {offline ? OFFLINE_TEXT : ''}
    </p>
  );
}
