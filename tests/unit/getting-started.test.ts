import { describe, expect, it } from 'vitest';
import { EMPTY_GUIDE_MEMORY, gettingStarted, type GuideFacts, type GuideMemory } from '../../src/domain/guide/getting-started.ts';
import { hasAuthority, type Authority, type Permissions } from '../../src/domain/permissions/permissions.ts';

const NOTHING: GuideFacts = {
  taxIds: false,
  departments: false,
  employees: false,
  schedules: false,
  jobTitles: false,
  leaveTypes: false,
  leaveGroups: false,
  pairedTerminals: false,
  personalClock: false,
  punches: false,
};
/** Everything but a place to punch. */
const SET_UP: GuideFacts = { ...NOTHING, taxIds: true, departments: true, employees: true, schedules: true, jobTitles: true, leaveTypes: true, leaveGroups: true };
const anything = () => true;
const started: GuideMemory = { ...EMPTY_GUIDE_MEMORY, startedAt: '2026-11-21T10:00:00.000Z' };
const role = (permissions: Permissions) => (authority: readonly Authority[]) => hasAuthority('Admin', permissions, authority);
const TERMINAL = 4;

describe('getting started guide', () => {
  it('starts at 0/5 on an empty company with the tax ID as the next step', () => {
    const view = gettingStarted('SuperAdmin', NOTHING, EMPTY_GUIDE_MEMORY, anything);
    expect(view.mode).toBe('checklist');
    expect(view.done).toBe(0);
    expect(view.total).toBe(5);
    expect(view.next).toBe('company');
    expect(view.steps.map((s) => [s.id, s.done, s.href])).toEqual([
      ['company', false, '/company'],
      ['department', false, '/department?new=1'],
      ['employee', false, '/jobtitle?new=1'],
      ['schedule', false, '/schedule-create'],
      ['terminal', false, '/terminals'],
    ]);
    expect(view.steps[2]!.needs).toEqual(['jobTitle', 'leaveType', 'leaveGroup']);
  });

  it('counts each step from data and moves the next step along', () => {
    const view = gettingStarted('SuperAdmin', { ...NOTHING, taxIds: true, departments: true, jobTitles: true }, started, anything);
    expect(view.done).toBe(2);
    expect(view.next).toBe('employee');
    expect(view.steps[2]!.needs).toEqual(['leaveType', 'leaveGroup']);
    expect(view.steps[2]!.href).toBe('/leavetype?new=1');

    const ready = gettingStarted('SuperAdmin', { ...NOTHING, departments: true, jobTitles: true, leaveTypes: true, leaveGroups: true }, started, anything);
    expect(ready.steps[2]!.needs).toEqual([]);
    expect(ready.steps[2]!.href).toBe('/employee-create');
    // A company without its tax ID stays the next step.
    expect(ready.next).toBe('company');

    const four = gettingStarted('SuperAdmin', SET_UP, started, anything);
    expect(four.done).toBe(4);
    expect(four.next).toBe('terminal');
    expect(four.mode).toBe('checklist');
  });

  it('an employee that exists needs nothing more, even if its references were since deleted', () => {
    const view = gettingStarted('SuperAdmin', { ...SET_UP, leaveGroups: false }, started, anything);
    expect(view.steps[2]).toMatchObject({ done: true, needs: [], href: '/employee-create' });
  });

  it('the last step needs a place to punch: a paired terminal, the personal clock or a punch (issue 37.1)', () => {
    expect(gettingStarted('SuperAdmin', SET_UP, started, anything).steps[TERMINAL]!.done).toBe(false);
    expect(gettingStarted('SuperAdmin', { ...SET_UP, pairedTerminals: true }, started, anything).steps[TERMINAL]!.done).toBe(true);
    expect(gettingStarted('SuperAdmin', { ...SET_UP, personalClock: true }, started, anything).steps[TERMINAL]!.done).toBe(true);
    expect(gettingStarted('SuperAdmin', { ...SET_UP, punches: true }, started, anything).steps[TERMINAL]!.done).toBe(true);
    expect(gettingStarted('SuperAdmin', { ...NOTHING, punches: true }, started, anything).done).toBe(1);
  });

  it('congratulates once a user who saw the checklist, then hides', () => {
    const all = { ...SET_UP, pairedTerminals: true };
    expect(gettingStarted('SuperAdmin', all, started, anything)).toMatchObject({ mode: 'congratulate', done: 5, next: null });
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
      ['company', false],
      ['department', false],
      ['employee', false],
      ['schedule', true],
      ['terminal', false],
    ]);
    expect(view.next).toBe('schedule');
    // Pairing a terminal is a settings change (decision 042).
    expect(gettingStarted('Admin', SET_UP, EMPTY_GUIDE_MEMORY, role({ setting: ['read', 'update'] })).steps[TERMINAL]!.available).toBe(true);
  });

  it('the employee step needs the authority of the missing prerequisite as well', () => {
    const onlyEmployees = role({ employee: ['create', 'read'] });
    expect(gettingStarted('Admin', NOTHING, EMPTY_GUIDE_MEMORY, onlyEmployees).steps[2]!.available).toBe(false);
    expect(gettingStarted('Admin', { ...NOTHING, jobTitles: true, leaveTypes: true, leaveGroups: true }, EMPTY_GUIDE_MEMORY, onlyEmployees).steps[2]!.available).toBe(true);
  });

  it('has no next step when nothing left is allowed', () => {
    const view = gettingStarted('Admin', { ...SET_UP, schedules: false, punches: true }, started, role({}));
    expect(view.next).toBeNull();
    expect(view.mode).toBe('checklist');
  });
});
