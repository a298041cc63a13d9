import { formatDuration } from '../format/intl-format.ts';
import type { Language } from '../../i18n/languages.ts';
import type { RosterWarning, RosterWarningKind } from './roster-warnings.ts';
import type { RosterWarningWire } from './roster-warning-wire.ts';

/**
 * How a roster warning reads (decision 088): a short label for the grid's cell badge and a
 * sentence with the measured value and the limit (the badge's title, the warnings list), as
 * i18n keys and parameters, durations as "7 h 05 min" in `lang`.
 */

export const ROSTER_WARNING_LABELS: Readonly<Record<RosterWarningKind, string>> = {
  leave: 'roster.warnings.leaveLabel',
  holiday: 'roster.warnings.holidayLabel',
  shortRest: 'roster.warnings.shortRestLabel',
  longDay: 'roster.warnings.longDayLabel',
  weeklyHours: 'roster.warnings.weeklyHoursLabel',
  overlap: 'roster.warnings.overlapLabel',
  lateNotice: 'roster.warnings.lateNoticeLabel',
  lateNoticeComplementary: 'roster.warnings.lateNoticeComplementaryLabel',
};

const ROSTER_WARNING_SENTENCES: Readonly<Record<RosterWarningKind, string>> = {
  leave: 'roster.warnings.leave',
  holiday: 'roster.warnings.holiday',
  shortRest: 'roster.warnings.shortRest',
  longDay: 'roster.warnings.longDay',
  weeklyHours: 'roster.warnings.weeklyHours',
  overlap: 'roster.warnings.overlap',
  lateNotice: 'roster.warnings.lateNotice',
  lateNoticeComplementary: 'roster.warnings.lateNoticeComplementary',
};

type Translate = (key: string, params?: Record<string, unknown>) => string;

const minutes = (m: number, lang: Language) => formatDuration(m * 60, lang);

/** The i18n key of a warning's sentence: the `code` the API answers. */
export const rosterWarningCode = (kind: RosterWarningKind): string => ROSTER_WARNING_SENTENCES[kind];

/** A warning as the API answers it: `{code, kind, employee, date, params}`, params the measured numbers. */
export function rosterWarningWire(w: RosterWarning): RosterWarningWire {
  const { employee, date, kind, ...params } = w;
  return { code: rosterWarningCode(kind), kind, employee, date, params };
}

/** Back from the API's shape to the rule's (what the grid passes to `rosterWarningNote`). */
export function rosterWarningOfWire(w: RosterWarningWire): RosterWarning {
  return { ...w.params, employee: w.employee, date: w.date, kind: w.kind } as RosterWarning;
}

/** The sentence of a warning as an i18n key and parameters. */
export function rosterWarningNote(w: RosterWarning, lang: Language): { key: string; params: Record<string, string> } {
  const key = ROSTER_WARNING_SENTENCES[w.kind];
  switch (w.kind) {
    case 'leave':
    case 'holiday':
      return { key, params: {} };
    case 'shortRest':
      return { key, params: { measured: minutes(w.restMinutes, lang), limit: minutes(w.limitMinutes, lang) } };
    case 'longDay':
      return { key, params: { measured: minutes(w.workMinutes, lang), limit: minutes(w.limitMinutes, lang) } };
    case 'weeklyHours':
      return { key, params: { measured: minutes(w.plannedMinutes, lang), limit: minutes(w.limitMinutes, lang) } };
    case 'overlap':
      return { key, params: { measured: minutes(w.overlapMinutes, lang) } };
    case 'lateNotice':
    case 'lateNoticeComplementary':
      return { key, params: { measured: String(w.noticeDays), limit: String(w.limitDays) } };
  }
}

/** The sentence of a warning, translated. */
export function rosterWarningText(w: RosterWarning, lang: Language, t: Translate): string {
  const note = rosterWarningNote(w, lang);
  return t(note.key, note.params);
}

/** The badge's short label, translated. */
export function rosterWarningLabel(w: Pick<RosterWarning, 'kind'>, t: Translate): string {
  return t(ROSTER_WARNING_LABELS[w.kind]);
}
