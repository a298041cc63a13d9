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

/** The same mark when the worker chose it at check-out (decision 070): "1 h 30 min (paid, chosen by the worker)". */
export const OVERTIME_WORKER_MARK_LABELS = { paid: 'reports.record.overtimeMarks.paidByWorker', rest: 'reports.record.overtimeMarks.restByWorker' } as const;

/** The key of a day's short overtime mark: the worker's own choice says so (decision 070). */
export function overtimeMarkLabel(day: { overtimeCompensation: 'paid' | 'rest'; overtimeChosenBy?: 'worker' | undefined }): string {
  return (day.overtimeChosenBy === 'worker' ? OVERTIME_WORKER_MARK_LABELS : OVERTIME_MARK_LABELS)[day.overtimeCompensation];
}

/** Who set a day's overtime mark, as the administrator's attendance page says it (decision 070). */
export const OVERTIME_MARKED_BY_LABELS = { worker: 'overtimeChoice.chosenByWorker', administrator: 'overtimeChoice.markedByAdministrator' } as const;
