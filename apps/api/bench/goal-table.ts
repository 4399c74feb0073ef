import { loadavg } from 'node:os';

/**
 * The table `pnpm bench goals` prints: one row per goal figure, its target, min / median / max
 * over the runs, and whether the median meets the target (a figure with no target gets none).
 */
export interface GoalRow {
  goal: string;
  target: string;
  /** One figure per run (a deterministic figure may have just one). Empty: not measured. */
  values: number[];
  unit: string;
  digits: number;
  /** Whether a figure meets the target; absent when the goal sets none. */
  meets?: (value: number) => boolean;
  /** Why there are no figures, or what the figure leaves out. */
  note?: string;
}

export const loadAverage = () => loadavg().map((l) => l.toFixed(2)).join(' ');

/** The median of a list (the upper one of an even list, so it is a figure that was measured). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function spread(row: GoalRow): string {
  if (row.values.length === 0) return 'not measured';
  const f = (v: number) => `${v.toFixed(row.digits)}${row.unit}`;
  return `${f(Math.min(...row.values))} / ${f(median(row.values))} / ${f(Math.max(...row.values))}`;
}

function verdict(row: GoalRow): string {
  if (!row.meets) return '';
  if (row.values.length === 0) return '✗';
  return row.meets(median(row.values)) ? '✓' : '✗';
}

export function printGoalTable(rows: readonly GoalRow[]): void {
  const cells = rows.map((r) => [r.goal, r.target, spread(r), verdict(r)] as const);
  const header = ['goal', 'target', 'min / median / max', ''] as const;
  const widths = [0, 1, 2].map((i) => Math.max(header[i]?.length ?? 0, ...cells.map((c) => c[i]?.length ?? 0)));
  const line = (c: readonly string[]) => c.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w)).concat('-')));
  for (const c of cells) console.log(line(c));
  const notes = rows.filter((r) => r.note);
  if (notes.length > 0) console.log('');
  for (const r of notes) console.log(`${r.goal}: ${r.note}`);
}
