import { describe, expect, it } from 'vitest';
import { defaultRoles } from '../../src/domain/permissions/default-roles.ts';
import { allPermissions, RESOURCES } from '../../src/domain/permissions/permissions.ts';
import { isBuiltInRoleName, roleDisplayName } from '../../src/domain/permissions/role-names.ts';
import { roleReach, roleReachText } from '../../src/domain/permissions/role-reach.ts';
import { inWeekOrder, restDaysText } from '../../src/domain/schedules/rest-days.ts';
import { ScheduleInput } from '../../src/domain/schedules/schedule-schema.ts';
import { templateHeaders } from '../../src/domain/employees/csv-import.ts';
import { translate, translator } from '../../src/i18n/translate.ts';
import * as v from 'valibot';

/** Issue 17.6 (figures) and 17.7 (names): the pure parts. */

const readOnly = Object.fromEntries(RESOURCES.map((r) => [r, ['read']]));

describe('what a role grants (17.6)', () => {
  it('a read-only role is not summed up like the Administrator', () => {
    expect(roleReach(allPermissions())).toEqual({ full: true, write: 15, readOnly: 0, total: 15 });
    expect(roleReach(readOnly)).toEqual({ full: false, write: 0, readOnly: 15, total: 15 });
    const es = translator('es');
    const en = translator('en');
    expect(roleReachText(allPermissions(), es)).toBe('Todas las acciones en las 15 áreas');
    expect(roleReachText(readOnly, es)).toBe('Solo lectura: 15 áreas');
    expect(roleReachText(readOnly, en)).toBe('Read only: 15 areas');
    expect(roleReachText({ leave: ['read'] }, es)).toBe('Solo lectura: 1 área');
    expect(roleReachText({}, en)).toBe('No permissions');
  });

  it('counts areas it may change apart from areas it may only read', () => {
    const employee = defaultRoles().find((r) => r.name === 'Employee')!.permissions;
    expect(roleReach(employee)).toMatchObject({ full: false, write: 1, readOnly: 2 });
    expect(roleReachText(employee, translator('es'))).toBe('Modifica 1 área · solo lee 2 más');
    expect(roleReachText(employee, translator('en'))).toBe('Changes 1 area · reads 2 more');
    expect(roleReachText({ dashboard: ['create', 'read', 'update', 'delete', 'archive'], department: ['create', 'read'] }, translator('en'))).toBe('Changes 2 areas');
    // Everything but one action somewhere is not "every action".
    expect(roleReach({ ...allPermissions(), leave: ['read'] })).toMatchObject({ full: false, write: 14, readOnly: 1 });
  });
});

describe('rest days in week order, Monday first (17.6)', () => {
  it('sorts whatever order they come in', () => {
    expect(inWeekOrder(['Sunday', 'Saturday'])).toEqual(['Saturday', 'Sunday']);
    expect(inWeekOrder(['Sunday', 'Monday'])).toEqual(['Monday', 'Sunday']);
    expect(inWeekOrder(['Friday', 'bogus', 'Friday'])).toEqual(['Friday']);
    expect(restDaysText(['Sunday', 'Saturday'], translator('es'))).toBe('sábado, domingo');
    expect(restDaysText(['Sunday', 'Monday'], translator('en'))).toMatch(/^Monday, Sunday$/i);
    expect(restDaysText([], translator('es'))).toBe('');
  });

  it('the schedule schema stores them Monday first', () => {
    const parsed = v.parse(ScheduleInput, { employee: 1, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Sunday', 'Saturday', 'Monday'], fromDate: '2026-01-05' });
    expect(parsed.restDays).toEqual(['Monday', 'Saturday', 'Sunday']);
  });
});

describe('built-in role names (17.7)', () => {
  it('translates the seeded roles and keeps any other name as typed', () => {
    for (const role of defaultRoles()) expect(isBuiltInRoleName(role.name)).toBe(true);
    expect(roleDisplayName('Administrator', translator('es'))).toBe('Administrador');
    expect(roleDisplayName('Employee', translator('es'))).toBe('Empleado');
    expect(roleDisplayName('Administrator', translator('en'))).toBe('Administrator');
    expect(roleDisplayName('Jefe de reparto', translator('es'))).toBe('Jefe de reparto');
    expect(roleDisplayName('administrator', translator('es'))).toBe('administrator');
  });
});

describe('one term for leave privilege (17.7)', () => {
  it('the Spanish CSV template says what the employee form says', () => {
    const header = templateHeaders('es')[templateHeaders('en').indexOf('leavePrivilege')];
    expect(header).toBe(translate('es', 'employees.leavePrivilege'));
    expect(header).toBe('Derecho de ausencia');
  });
});
