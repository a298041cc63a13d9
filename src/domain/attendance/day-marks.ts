/**
 * Labels (i18n keys) of a day's work mode and overtime compensation (decision 035), one map each
 * so every screen, the Excel file and the PDF say the same, and each key is written out once.
 */
export const WORK_MODE_LABELS = { 'on-site': 'attendance.workModes.on-site', remote: 'attendance.workModes.remote' } as const;

export const OVERTIME_COMPENSATION_LABELS = {
  unmarked: 'attendance.overtimeCompensations.unmarked',
  paid: 'attendance.overtimeCompensations.paid',
  rest: 'attendance.overtimeCompensations.rest',
} as const;

/** The short mark after a day's overtime on the record: "1 h 30 min (paid)". */
export const OVERTIME_MARK_LABELS = { paid: 'reports.record.overtimeMarks.paid', rest: 'reports.record.overtimeMarks.rest' } as const;
