import * as v from 'valibot';
import { workDate } from './attendance-schema.ts';

/**
 * The worker's overtime choice (issue 36 point 7, decision 070): where the company allows it, a
 * worker who checks out after a day with overtime says whether it is paid or compensated with
 * rest (the draft Royal Decree on the digital record lets the worker choose). The answer is the
 * day's mark (`attendances.overtime_compensation`), kept as the worker's (`overtime_marked_by`).
 * The rules are the service's (`src/server/services/attendance/choose-overtime.ts`).
 */

export const OVERTIME_CHOICES = ['paid', 'rest'] as const;
export type OvertimeChoice = (typeof OVERTIME_CHOICES)[number];

/** i18n keys of the choice's own messages (namespace `overtimeChoice`). */
export const OVERTIME_CHOICE_MESSAGES = {
  notAllowed: 'overtimeChoice.notAllowed',
  tokenRefused: 'overtimeChoice.tokenRefused',
  noDay: 'overtimeChoice.noDay',
  dayOpen: 'overtimeChoice.dayOpen',
  noOvertime: 'overtimeChoice.noOvertime',
  setByAdministrator: 'overtimeChoice.setByAdministrator',
  invalidCompensation: 'overtimeChoice.invalidCompensation',
} as const;

/**
 * The body of `POST /api/personal/overtime-choice`: the work date and the answer. No field names
 * an employee: the day is the session's own employee's on that date, and other keys are dropped.
 */
export const OvertimeChoiceRequestSchema = v.object({
  date: workDate,
  compensation: v.picklist(OVERTIME_CHOICES, OVERTIME_CHOICE_MESSAGES.invalidCompensation),
});
export type OvertimeChoiceRequest = v.InferOutput<typeof OvertimeChoiceRequestSchema>;

/** What a check-out answer carries when the worker may choose: the day and its overtime (decision 070). */
export interface OvertimeQuestion {
  date: string;
  overtimeSeconds: number;
}

/** The answer of `POST /api/personal/overtime-choice`. */
export interface OvertimeChoiceAnswer {
  date: string;
  compensation: OvertimeChoice;
  overtimeSeconds: number;
  markedBy: 'worker';
}

/** The company's switch (0/1 as stored, or a boolean). */
export const workerOvertimeChoiceAllowed = (company: { workerOvertimeChoice: 0 | 1 | boolean }): boolean => company.workerOvertimeChoice === 1 || company.workerOvertimeChoice === true;
