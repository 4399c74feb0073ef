// No zod here: the public pages import this module on its own (`@chairline/shared/durations`).

/** A number of minutes as people read it: '30 min', '1 h', '1 h 15 min'. */
export function formatEstimatedTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}
