import type { ClockConflictDto } from '#domain/clock/late-punch-conflict.ts';
import type { ConflictReason } from '#domain/clock/late-punch.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import type { Language } from '#i18n/languages.ts';
import { translate } from '#i18n/translate.ts';
import type { ClockConflictRow } from '../../db/repositories/clock-conflicts.ts';

/** A stored conflict as the API answers it, the engine's refusal worded in `lang`. */
export function toConflictDto(row: ClockConflictRow, lang: Language, timeZone: string): ClockConflictDto {
  return {
    _id: row.id,
    terminal: { _id: row.terminalId, name: row.terminalName, personal: row.personalDeviceId !== null },
    seq: row.seq,
    seqTo: row.seqTo,
    employee: row.employeeId === null || row.employeeName === null ? null : { _id: row.employeeId, name: row.employeeName },
    action: row.action,
    method: row.method,
    at: row.at,
    deviceAt: row.deviceAt,
    reason: row.reason as ConflictReason,
    refusal: row.detail ? translate(lang, row.detail.code, row.detail.params) : null,
    status: row.status,
    resolution: row.status === 'open' ? null : { note: row.resolutionNote, by: row.resolverName, at: row.resolvedAt, attendance: row.attendanceId },
    date: row.at === null ? null : localDateOf(row.at, timeZone),
    createdAt: row.createdAt,
  };
}
