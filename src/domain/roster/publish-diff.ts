import type { ShiftTimes } from './shift-times.ts';

/**
 * What publishing a department's dates changes (issue 39 point 3, decision 085). Every listed
 * employee gets a published day for every date: their draft shift, or a rest day when the draft
 * has none. A day changes when it differs from what is published (or nothing is). Pure: the publish
 * service, the grid's count of unpublished changes and the workers' emails read the same answer.
 */
export type PlanDay = { kind: 'rest' } | ({ kind: 'shift' } & ShiftTimes);

export interface DraftShift extends ShiftTimes {
  employeeId: number | null;
  date: string;
}

export interface PublishedDay {
  employeeId: number;
  date: string;
  kind: 'shift' | 'rest';
  startTime: string | null;
  endTime: string | null;
  breakMinutes: number;
}

export interface DayChange {
  employeeId: number;
  date: string;
  /** What was published before; null when nothing was. */
  before: PlanDay | null;
  after: PlanDay;
}

const key = (employeeId: number, date: string) => `${employeeId}|${date}`;

/** A published row as a plan day (a shift row without times reads as rest). */
export function asPlanDay(p: Pick<PublishedDay, 'kind' | 'startTime' | 'endTime' | 'breakMinutes'>): PlanDay {
  return p.kind === 'shift' && p.startTime !== null && p.endTime !== null ? { kind: 'shift', startTime: p.startTime, endTime: p.endTime, breakMinutes: p.breakMinutes } : { kind: 'rest' };
}

export function samePlanDay(a: PlanDay | null, b: PlanDay | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind === 'rest' || b.kind === 'rest') return a.kind === b.kind;
  return a.startTime === b.startTime && a.endTime === b.endTime && a.breakMinutes === b.breakMinutes;
}

/** The day each employee would have on each date once published: their draft shift, else rest. */
export function intendedDays(employeeIds: readonly number[], dates: readonly string[], drafts: readonly DraftShift[]): Map<string, PlanDay> {
  const byKey = new Map<string, DraftShift>();
  for (const s of drafts) if (s.employeeId !== null) byKey.set(key(s.employeeId, s.date), s);
  const out = new Map<string, PlanDay>();
  for (const employeeId of employeeIds) {
    for (const date of dates) {
      const s = byKey.get(key(employeeId, date));
      out.set(key(employeeId, date), s ? { kind: 'shift', startTime: s.startTime, endTime: s.endTime, breakMinutes: s.breakMinutes } : { kind: 'rest' });
    }
  }
  return out;
}

/** The days publishing would change, by employee then date. */
export function publishChanges(employeeIds: readonly number[], dates: readonly string[], drafts: readonly DraftShift[], published: readonly PublishedDay[]): DayChange[] {
  const current = new Map(published.map((p) => [key(p.employeeId, p.date), asPlanDay(p)]));
  const intended = intendedDays(employeeIds, dates, drafts);
  const out: DayChange[] = [];
  for (const employeeId of employeeIds) {
    for (const date of dates) {
      const after = intended.get(key(employeeId, date))!;
      const before = current.get(key(employeeId, date)) ?? null;
      if (!samePlanDay(before, after)) out.push({ employeeId, date, before, after });
    }
  }
  return out;
}

/** The changes grouped per employee (one email each), dates in order. */
export function changesByEmployee(changes: readonly DayChange[]): Map<number, DayChange[]> {
  const out = new Map<number, DayChange[]>();
  for (const c of changes) out.set(c.employeeId, [...(out.get(c.employeeId) ?? []), c]);
  for (const list of out.values()) list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return out;
}

/** A readable line of one change, with the caller's words for a shift, a rest day and nothing. */
export function changeLine(c: Pick<DayChange, 'before' | 'after'>, words: { shift: (d: ShiftTimes) => string; rest: string; none: string }): { before: string; after: string } {
  const say = (d: PlanDay | null) => (d === null ? words.none : d.kind === 'rest' ? words.rest : words.shift(d));
  return { before: say(c.before), after: say(c.after) };
}
