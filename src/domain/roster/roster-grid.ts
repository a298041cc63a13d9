import { addDays } from '../time/zoned-time.ts';

/** How the roster screen shows its dates: a week (Mon–Sun), a calendar month, or one day (phones). */
export type RosterView = 'week' | 'month' | 'day';

/** ISO weekday of a calendar date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The Monday of the ISO week holding `date`. */
export function mondayOf(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

/** The first and last date the view shows around `anchor` (a month is at most 31 days, within the API's 62). */
export function viewRange(view: RosterView, anchor: string): { from: string; to: string } {
  if (view === 'day') return { from: anchor, to: anchor };
  if (view === 'week') {
    const from = mondayOf(anchor);
    return { from, to: addDays(from, 6) };
  }
  const from = `${anchor.slice(0, 7)}-01`;
  const next = addDays(from, 32);
  return { from, to: addDays(`${next.slice(0, 7)}-01`, -1) };
}

/** The anchor of the previous (-1) or next (+1) page of the view. */
export function stepAnchor(view: RosterView, anchor: string, step: -1 | 1): string {
  if (view === 'day') return addDays(anchor, step);
  if (view === 'week') return addDays(mondayOf(anchor), 7 * step);
  const first = `${anchor.slice(0, 7)}-01`;
  return step === 1 ? `${addDays(first, 32).slice(0, 7)}-01` : `${addDays(first, -1).slice(0, 7)}-01`;
}

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** A cell of the grid: row index (employees, then the open-shift row) and column (date) index. */
export interface GridPosition {
  row: number;
  col: number;
}

/**
 * Where focus goes on a key in a `rows` × `cols` grid (the ARIA grid pattern): arrows move one
 * cell and stop at the edges, Home/End go to the row's first/last cell; other keys answer null.
 */
export function gridMove(at: GridPosition, key: string, rows: number, cols: number): GridPosition | null {
  const clamp = (n: number, max: number) => Math.max(0, Math.min(max - 1, n));
  switch (key) {
    case 'ArrowRight':
      return { row: at.row, col: clamp(at.col + 1, cols) };
    case 'ArrowLeft':
      return { row: at.row, col: clamp(at.col - 1, cols) };
    case 'ArrowDown':
      return { row: clamp(at.row + 1, rows), col: at.col };
    case 'ArrowUp':
      return { row: clamp(at.row - 1, rows), col: at.col };
    case 'Home':
      return { row: at.row, col: 0 };
    case 'End':
      return { row: at.row, col: cols - 1 };
    default:
      return null;
  }
}

/** A drop target's id, and back: `cell:<employee id or "open">:<date>`. */
export function cellId(employee: number | null, date: string): string {
  return `cell:${employee ?? 'open'}:${date}`;
}

export function parseCellId(id: string): { employee: number | null; date: string } | null {
  const m = /^cell:(open|\d+):(\d{4}-\d{2}-\d{2})$/.exec(id);
  if (!m) return null;
  return { employee: m[1] === 'open' ? null : Number(m[1]), date: m[2]! };
}

/**
 * What a drop does: a template dropped on a free cell assigns it (POST); a shift dropped on
 * another cell moves it (PATCH); a drop on its own cell, on a locked cell, or a template on an
 * employee's taken cell does nothing (the open-shift row takes any number).
 */
export type DropAction = { kind: 'assign'; template: number; employee: number | null; date: string } | { kind: 'move'; shift: number; employee: number | null; date: string } | null;

export function dropAction(
  dragged: { kind: 'template'; template: number } | { kind: 'shift'; shift: number; employee: number | null; date: string },
  target: { employee: number | null; date: string },
  cell: { locked: boolean; taken: boolean },
): DropAction {
  if (cell.locked) return null;
  if (dragged.kind === 'template') return target.employee !== null && cell.taken ? null : { kind: 'assign', template: dragged.template, ...target };
  if (dragged.employee === target.employee && dragged.date === target.date) return null;
  if (target.employee !== null && cell.taken) return null;
  return { kind: 'move', shift: dragged.shift, ...target };
}
