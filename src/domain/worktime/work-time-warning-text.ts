import { formatDuration } from '../format/intl-format.ts';
import type { Language } from '../../i18n/languages.ts';
import type { WorkTimeWarning, WorkTimeWarningKind } from './work-time-warnings.ts';

/**
 * How a work-time warning reads: a short label (the attendance list's badge, the dashboard) and
 * a sentence with the measured value and the limit (badge title, record notes), as i18n keys and
 * parameters. A day without any break says "no break" rather than "a break of 0 h 00 min".
 */

export const WARNING_LABELS: Readonly<Record<WorkTimeWarningKind, string>> = {
  shortBreak: 'workTime.warnings.shortBreakLabel',
  shortRest: 'workTime.warnings.shortRestLabel',
  longDay: 'workTime.warnings.longDayLabel',
  nightOvertime: 'workTime.warnings.nightOvertimeLabel',
  shortNotice: 'workTime.warnings.shortNoticeLabel',
};

const WARNING_SENTENCES: Readonly<Record<WorkTimeWarningKind, string>> = {
  shortBreak: 'workTime.warnings.shortBreak',
  shortRest: 'workTime.warnings.shortRest',
  longDay: 'workTime.warnings.longDay',
  nightOvertime: 'workTime.warnings.nightOvertime',
  shortNotice: 'workTime.warnings.shortNotice',
};

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The sentence of a warning as an i18n key and parameters, durations as "7 h 05 min" in `lang`. */
export function warningNote(w: WorkTimeWarning, lang: Language): { key: string; params: Record<string, string> } {
  const measured = formatDuration(w.seconds, lang);
  const limit = formatDuration(w.limitSeconds, lang);
  if (w.kind === 'shortBreak' && w.seconds === 0) return { key: 'workTime.warnings.noBreak', params: { limit } };
  // Notice is counted in days (decision 081).
  if (w.kind === 'shortNotice') return { key: WARNING_SENTENCES.shortNotice, params: { measured: String(w.seconds / 86_400), limit: String(w.limitSeconds / 86_400) } };
  return { key: WARNING_SENTENCES[w.kind], params: { measured, limit } };
}

/** The sentence of a warning with the measured value and the limit, translated. */
export function warningText(w: WorkTimeWarning, lang: Language, t: Translate): string {
  const note = warningNote(w, lang);
  return t(note.key, note.params);
}

/** The badge's text: the label and the measured value ("Short break · 0 h 10 min"), or "No break". */
export function warningBadgeText(w: WorkTimeWarning, lang: Language, t: Translate): string {
  if (w.kind === 'shortBreak' && w.seconds === 0) return t('workTime.warnings.noBreakLabel');
  if (w.kind === 'shortNotice') return t(WARNING_LABELS.shortNotice);
  return `${t(WARNING_LABELS[w.kind])} · ${formatDuration(w.seconds, lang)}`;
}
