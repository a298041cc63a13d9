import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, settingsFrom } from '../../src/domain/settings/settings.ts';

describe('settings', () => {
  it('has the defaults of spec section 9', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      country: 'UK',
      timezone: 'Europe/Lisbon',
      timeFormat: '1',
      rfidClock: false,
      ipRestriction: '',
    });
    expect(DEFAULT_SETTINGS).toMatchObject({ defaultLanguage: 'es', graceMinutes: 5, breaksPerDay: 1, faceRecognition: true /* older installs; new ones start off, decision 047 */ });
  });

  it('merges stored values over defaults and ignores wrong types and unknown keys', () => {
    expect(settingsFrom({ timezone: 'Europe/Madrid', rfidClock: 'yes', other: 1 })).toEqual({
      ...DEFAULT_SETTINGS,
      timezone: 'Europe/Madrid',
    });
  });
});
