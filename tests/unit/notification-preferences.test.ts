import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTING } from '../../src/domain/notifications/notification-kinds.ts';
import { AccountNotificationsInput, CompanyNotificationSettingsInput, effectiveKindSetting, MUTABLE_KINDS, mutableKindsFor } from '../../src/domain/notifications/notification-preferences.ts';

/** Decision 055: how a company's stored switch (or its absence) reads, and what the two forms accept. */
describe('effectiveKindSetting', () => {
  it('reads a missing row as the kind’s default', () => {
    expect(effectiveKindSetting('missedCheckIn', undefined)).toEqual({ kind: 'missedCheckIn', ...DEFAULT_NOTIFICATION_SETTING.missedCheckIn });
  });

  it('keeps "also to managers" and minutes only for the kinds that have them', () => {
    expect(effectiveKindSetting('leaveRequested', { enabled: false, toManagers: true, minutes: 45 })).toEqual({ kind: 'leaveRequested', enabled: false, toManagers: false, minutes: null });
    expect(effectiveKindSetting('missingCheckOut', { enabled: true, toManagers: true, minutes: 45 })).toEqual({ kind: 'missingCheckOut', enabled: true, toManagers: true, minutes: null });
    expect(effectiveKindSetting('missedCheckIn', { enabled: true, toManagers: false, minutes: 45 })).toEqual({ kind: 'missedCheckIn', enabled: true, toManagers: false, minutes: 45 });
  });

  it('falls back to the default minutes when a stored missed check-in has none', () => {
    expect(effectiveKindSetting('missedCheckIn', { enabled: true, toManagers: false, minutes: null }).minutes).toBe(DEFAULT_NOTIFICATION_SETTING.missedCheckIn.minutes);
  });
});

describe('CompanyNotificationSettingsInput', () => {
  const parse = (input: unknown) => v.safeParse(CompanyNotificationSettingsInput, input);

  it('accepts a partial list and fills the optional fields', () => {
    const result = parse({ settings: [{ kind: 'terminalSilent', enabled: false }] });
    expect(result.success && result.output.settings).toEqual([{ kind: 'terminalSilent', enabled: false, toManagers: false, minutes: null }]);
  });

  it('refuses minutes outside 5–240, fractions, unknown kinds and a kind twice', () => {
    for (const minutes of [4, 241, 30.5, '30']) expect(parse({ settings: [{ kind: 'missedCheckIn', enabled: true, minutes }] }).success).toBe(false);
    for (const minutes of [5, 240]) expect(parse({ settings: [{ kind: 'missedCheckIn', enabled: true, minutes }] }).success).toBe(true);
    expect(parse({ settings: [{ kind: 'everything', enabled: true }] }).success).toBe(false);
    expect(
      parse({
        settings: [
          { kind: 'backupFailed', enabled: true },
          { kind: 'backupFailed', enabled: false },
        ],
      }).success,
    ).toBe(false);
    expect(parse({ settings: [{ kind: 'backupFailed', enabled: 'yes' }] }).success).toBe(false);
    expect(parse({}).success).toBe(false);
  });
});

describe('AccountNotificationsInput', () => {
  const parse = (input: unknown) => v.safeParse(AccountNotificationsInput, input);

  it('lists exactly the optional kinds as mutable', () => {
    expect(MUTABLE_KINDS).not.toContain('monthlySummary');
    expect(MUTABLE_KINDS).not.toContain('correctionAwaitingAcceptance');
    expect(MUTABLE_KINDS).not.toContain('backupFailed');
    expect(MUTABLE_KINDS).toContain('leaveRequested');
  });

  it('offers an Employee account only the kinds about its own record', () => {
    expect(mutableKindsFor('Employee')).toEqual([
      'leaveDecided',
      'missingCheckOut',
      'missedCheckIn',
      'correctionDecided',
      'openShiftDecided',
      'shiftSwapProposed',
      'shiftSwapDecided',
      'rosterPublished',
      'newDeviceSignIn',
    ]);
    expect(mutableKindsFor('Admin')).toEqual(MUTABLE_KINDS);
  });

  it('refuses muting a required kind with its own message, accepts the optional ones', () => {
    const refused = parse({ language: 'es', muted: ['backupFailed'] });
    expect(refused.success).toBe(false);
    expect(!refused.success && refused.issues[0]!.message).toBe('notifications.notMutable');
    expect(parse({ language: null, muted: [...MUTABLE_KINDS] }).success).toBe(true);
  });

  it('accepts es, en or null as the language, nothing else', () => {
    expect(parse({ language: 'fr', muted: [] }).success).toBe(false);
    expect(parse({ muted: [] }).success).toBe(false);
    expect(parse({ language: 'en', muted: [] }).success).toBe(true);
  });
});
