import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CreateInspectionLinkSchema, INSPECTION_LINK_DAYS, inspectionLinkExpiry, inspectionLinkState, inspectionPath, isInspectionToken } from '../../src/domain/access/inspection-links.ts';
import { AcknowledgeMonthSchema, acknowledgementRefusal, formatAcknowledgedAt } from '../../src/domain/access/record-acknowledgement.ts';
import { entryTouchesMonth } from '../../src/domain/access/receipt-figures.ts';
import { defaultRoles } from '../../src/domain/permissions/default-roles.ts';
import { hasAuthority } from '../../src/domain/permissions/permissions.ts';
import { roleDisplayName } from '../../src/domain/permissions/role-names.ts';
import { representativeTotalsRow, sumRepresentativeTotals } from '../../src/domain/reports/representative-totals.ts';
import { translator } from '../../src/i18n/translate.ts';
import { inspectionTokenHash, newInspectionToken } from '../../src/server/services/access/inspection-token.ts';

/** Issue 18.9 (decision 036): the pure rules of the inspector link, the acknowledgement and the representatives' view. */

describe('inspection links', () => {
  it('expire the given number of days after they are made, and open only before that instant', () => {
    const made = '2026-05-10T08:00:00.000Z';
    const expiresAt = inspectionLinkExpiry(made, 7);
    expect(expiresAt).toBe('2026-05-17T08:00:00.000Z');
    expect(inspectionLinkState({ expiresAt, revokedAt: null }, '2026-05-17T07:59:59.999Z')).toBe('active');
    expect(inspectionLinkState({ expiresAt, revokedAt: null }, expiresAt)).toBe('expired');
    expect(inspectionLinkState({ expiresAt, revokedAt: null }, '2026-06-01T00:00:00.000Z')).toBe('expired');
  });

  it('stay revoked whatever the time', () => {
    const link = { expiresAt: '2026-05-17T08:00:00.000Z', revokedAt: '2026-05-11T09:00:00.000Z' };
    expect(inspectionLinkState(link, '2026-05-12T00:00:00.000Z')).toBe('revoked');
    expect(inspectionLinkState(link, '2026-06-12T00:00:00.000Z')).toBe('revoked');
  });

  it('live 1 to 30 whole days, a week by default, with an optional short label', () => {
    expect(v.parse(CreateInspectionLinkSchema, {})).toEqual({ days: INSPECTION_LINK_DAYS.default, label: null });
    expect(v.parse(CreateInspectionLinkSchema, { days: 1, label: '  Requerimiento 12 ' })).toEqual({ days: 1, label: 'Requerimiento 12' });
    expect(v.parse(CreateInspectionLinkSchema, { days: 30 }).days).toBe(30);
    for (const days of [0, 31, 1.5, -3, '7']) expect(v.safeParse(CreateInspectionLinkSchema, { days }).success, String(days)).toBe(false);
    expect(v.safeParse(CreateInspectionLinkSchema, { label: 'x'.repeat(81) }).success).toBe(false);
    for (const body of [[], null, 'x', 7]) expect(v.safeParse(CreateInspectionLinkSchema, body).success, JSON.stringify(body)).toBe(false);
  });

  it('have random 256-bit tokens, kept only as their SHA-256', () => {
    const a = newInspectionToken();
    const b = newInspectionToken();
    expect(a).not.toBe(b);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(isInspectionToken(a)).toBe(true);
    expect(inspectionTokenHash(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(inspectionTokenHash(a)).not.toContain(a);
    expect(inspectionTokenHash(a)).toBe(inspectionTokenHash(a));
    expect(inspectionPath(a)).toBe(`/inspection/${a}`);
  });

  it('refuse anything that is not a token before any look-up', () => {
    for (const bad of ['', 'abc', `${newInspectionToken()}x`, '../../etc/passwd', `${'a'.repeat(42)}=`, null, undefined]) {
      expect(isInspectionToken(bad), String(bad)).toBe(false);
    }
  });
});

describe('acknowledging a monthly record', () => {
  it('is possible once the month has ended only (decision 077)', () => {
    expect(acknowledgementRefusal('2026-04', '2026-05')).toBeUndefined();
    expect(acknowledgementRefusal('2025-12', '2026-01')).toBeUndefined();
    expect(acknowledgementRefusal('2026-05', '2026-05')).toBe('acknowledgement.monthNotEnded');
    expect(acknowledgementRefusal('2026-06', '2026-05')).toBe('acknowledgement.monthNotEnded');
    expect(acknowledgementRefusal('2027-01', '2026-12')).toBe('acknowledgement.monthNotEnded');
  });

  it('dates a change after receipt by the chain entries that concern the employee’s month', () => {
    const who = { employeeId: 3, companyId: 1 };
    const touches = (kind: Parameters<typeof entryTouchesMonth>[0], payload: Record<string, unknown>) => entryTouchesMonth(kind, payload, who, '2026-11-01', '2026-11-30');
    expect(touches('attendance', { employeeId: 3, date: '2026-11-30' })).toBe(true);
    expect(touches('attendance', { employeeId: 3, date: '2026-12-01' })).toBe(false);
    expect(touches('attendance', { employeeId: 4, date: '2026-11-10' })).toBe(false);
    expect(touches('leave', { employeeId: 3, fromDate: '2026-10-28', toDate: '2026-11-02' })).toBe(true);
    expect(touches('leave', { employeeId: 3, fromDate: '2026-12-01', toDate: '2026-12-02' })).toBe(false);
    expect(touches('schedule', { employeeId: 3, fromDate: '2026-01-01', toDate: null })).toBe(true);
    expect(touches('contract', { employeeId: 3, effectiveFrom: '2026-12-01' })).toBe(false);
    expect(touches('holiday', { companyId: 1, date: '2026-11-01' })).toBe(true);
    expect(touches('holiday', { companyId: 2, date: '2026-11-01' })).toBe(false);
  });

  it('names a real month and, optionally, an employee id', () => {
    expect(v.parse(AcknowledgeMonthSchema, { month: '2026-05' })).toEqual({ month: '2026-05' });
    expect(v.parse(AcknowledgeMonthSchema, { month: '2026-05', employee: 3 })).toEqual({ month: '2026-05', employee: 3 });
    for (const month of ['2026-13', '2026-5', 'mayo', '', 202605]) expect(v.safeParse(AcknowledgeMonthSchema, { month }).success, String(month)).toBe(false);
    expect(v.safeParse(AcknowledgeMonthSchema, { month: '2026-05', employee: 0 }).success).toBe(false);
  });

  it('is shown in the company zone', () => {
    expect(formatAcknowledgedAt('2026-03-29T23:30:00.000Z', 'Europe/Madrid', 'es')).toMatch(/^30\/03\/2026 01:30$/);
  });
});

describe('the representatives', () => {
  it('have a built-in role that reads the totals and nothing else', () => {
    const role = defaultRoles().find((r) => r.name === 'Representatives')!;
    expect(role.permissions).toEqual({ workTotals: ['read'] });
    for (const authority of ['report.read', 'employee.read', 'attendance.read', 'dashboard.read', 'setting.read'] as const) {
      expect(hasAuthority('Admin', role.permissions, [authority]), authority).toBe(false);
    }
    expect(roleDisplayName('Representatives', translator('es'))).toBe('Representantes');
    expect(roleDisplayName('Representatives', translator('en'))).toBe('Representatives');
  });

  it('see per employee only the name and the totals', () => {
    const totals = {
      attendedDays: 20,
      workedDays: 19,
      ordinarySeconds: 572_400,
      complementarySeconds: 0,
      openDays: 1,
      absentDays: 2,
      leaveDays: 1,
      workedSeconds: 576_000,
      countedSeconds: 576_000,
      breakSeconds: 36_000,
      expectedSeconds: 604_800,
      overtimeSeconds: 3_600,
      overtimePaidSeconds: 0,
      overtimeRestSeconds: 0,
      overtimeUnmarkedSeconds: 3_600,
      onSiteDays: 20,
      remoteDays: 0,
    };
    const employee = { id: 7, name: 'Ana Pérez', nationalId: '12345678Z', email: 'ana@example.com', phone: '600000000', companyName: 'X', departmentName: 'Y', jobTitleName: 'Z' };
    const row = representativeTotalsRow(employee, totals);
    expect(Object.keys(row).sort()).toEqual(['absentDays', 'attendedDays', 'employeeId', 'expectedSeconds', 'leaveDays', 'name', 'overtimeSeconds', 'workedSeconds']);
    expect(JSON.stringify(row)).not.toMatch(/12345678Z|ana@example|600000000/);
    expect(sumRepresentativeTotals([row, { ...row, employeeId: 8, workedSeconds: 1 }])).toMatchObject({ attendedDays: 40, workedSeconds: 576_001, overtimeSeconds: 7_200 });
  });
});
