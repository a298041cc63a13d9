import { describe, expect, it } from 'vitest';
import { EMPTY_GUIDE_MEMORY, gettingStarted, type GuideFacts, type GuideMemory } from '../../src/domain/guide/getting-started.ts';
import { hasAuthority, type Authority, type Permissions } from '../../src/domain/permissions/permissions.ts';

const NOTHING: GuideFacts = { departments: false, employees: false, schedules: false, jobTitles: false, leaveTypes: false, leaveGroups: false, punches: false };
const SET_UP: GuideFacts = { departments: true, employees: true, schedules: true, jobTitles: true, leaveTypes: true, leaveGroups: true, punches: false };
const anything = () => true;
const started: GuideMemory = { ...EMPTY_GUIDE_MEMORY, startedAt: '2026-11-21T10:00:00.000Z' };
const role = (permissions: Permissions) => (authority: readonly Authority[]) => hasAuthority('Admin', permissions, authority);

describe('getting started guide', () => {
  it('starts at 0/4 on an empty company with the department as the next step', () => {
    const view = gettingStarted('SuperAdmin', NOTHING, EMPTY_GUIDE_MEMORY, anything);
    expect(view.mode).toBe('checklist');
    expect(view.done).toBe(0);
    expect(view.total).toBe(4);
    expect(view.next).toBe('department');
    expect(view.steps.map((s) => [s.id, s.done, s.href])).toEqual([
      ['department', false, '/department?new=1'],
      ['employee', false, '/jobtitle?new=1'],
      ['schedule', false, '/schedule-create'],
      ['clock', false, '/clock'],
    ]);
    expect(view.steps[1]!.needs).toEqual(['jobTitle', 'leaveType', 'leaveGroup']);
  });

  it('counts each step from data and moves the next step along', () => {
    const view = gettingStarted('SuperAdmin', { ...NOTHING, departments: true, jobTitles: true }, started, anything);
    expect(view.done).toBe(1);
    expect(view.next).toBe('employee');
    expect(view.steps[1]!.needs).toEqual(['leaveType', 'leaveGroup']);
    expect(view.steps[1]!.href).toBe('/leavetype?new=1');

    const ready = gettingStarted('SuperAdmin', { ...NOTHING, departments: true, jobTitles: true, leaveTypes: true, leaveGroups: true }, started, anything);
    expect(ready.steps[1]!.needs).toEqual([]);
    expect(ready.steps[1]!.href).toBe('/employee-create');

    const three = gettingStarted('SuperAdmin', SET_UP, started, anything);
    expect(three.done).toBe(3);
    expect(three.next).toBe('clock');
    expect(three.mode).toBe('checklist');
  });

  it('an employee that exists needs nothing more, even if its references were since deleted', () => {
    const view = gettingStarted('SuperAdmin', { ...SET_UP, leaveGroups: false }, started, anything);
    expect(view.steps[1]).toMatchObject({ done: true, needs: [], href: '/employee-create' });
  });

  it('the clock step is done by a punch or by this user opening the clock', () => {
    expect(gettingStarted('SuperAdmin', { ...SET_UP, punches: true }, started, anything).steps[3]!.done).toBe(true);
    expect(gettingStarted('SuperAdmin', SET_UP, { ...started, clockOpenedAt: '2026-11-21T11:00:00.000Z' }, anything).steps[3]!.done).toBe(true);
    expect(gettingStarted('SuperAdmin', { ...NOTHING, punches: true }, started, anything).done).toBe(1);
  });

  it('congratulates once a user who saw the checklist, then hides', () => {
    const all = { ...SET_UP, punches: true };
    expect(gettingStarted('SuperAdmin', all, started, anything)).toMatchObject({ mode: 'congratulate', done: 4, next: null });
    expect(gettingStarted('SuperAdmin', all, { ...started, celebratedAt: '2026-11-21T12:00:00.000Z' }, anything).mode).toBe('hidden');
  });

  it('never shows on an installation complete from the start (demo data)', () => {
    expect(gettingStarted('SuperAdmin', { ...SET_UP, punches: true }, EMPTY_GUIDE_MEMORY, anything).mode).toBe('hidden');
  });

  it('stays hidden once dismissed, complete or not', () => {
    const dismissed = { ...started, dismissedAt: '2026-11-21T10:05:00.000Z' };
    expect(gettingStarted('SuperAdmin', NOTHING, dismissed, anything).mode).toBe('hidden');
    expect(gettingStarted('SuperAdmin', { ...SET_UP, punches: true }, dismissed, anything).mode).toBe('hidden');
    // The progress is still computed (the API reports it).
    expect(gettingStarted('SuperAdmin', NOTHING, dismissed, anything).done).toBe(0);
  });

  it('is for the admin area only', () => {
    expect(gettingStarted('Employee', NOTHING, EMPTY_GUIDE_MEMORY, anything).mode).toBe('hidden');
    expect(gettingStarted('Admin', NOTHING, EMPTY_GUIDE_MEMORY, role({ department: ['read'] })).mode).toBe('checklist');
  });

  it('marks steps the role does not allow as unavailable and skips them for the next step', () => {
    const view = gettingStarted('Admin', NOTHING, EMPTY_GUIDE_MEMORY, role({ schedule: ['create', 'read'] }));
    expect(view.steps.map((s) => [s.id, s.available])).toEqual([
      ['department', false],
      ['employee', false],
      ['schedule', true],
      ['clock', true],
    ]);
    expect(view.next).toBe('schedule');
  });

  it('the employee step needs the authority of the missing prerequisite as well', () => {
    const onlyEmployees = role({ employee: ['create', 'read'] });
    expect(gettingStarted('Admin', NOTHING, EMPTY_GUIDE_MEMORY, onlyEmployees).steps[1]!.available).toBe(false);
    expect(gettingStarted('Admin', { ...NOTHING, jobTitles: true, leaveTypes: true, leaveGroups: true }, EMPTY_GUIDE_MEMORY, onlyEmployees).steps[1]!.available).toBe(true);
  });

  it('has no next step when nothing left is allowed', () => {
    const view = gettingStarted('Admin', { ...SET_UP, schedules: false, punches: true }, started, role({}));
    expect(view.next).toBeNull();
    expect(view.mode).toBe('checklist');
  });
});
