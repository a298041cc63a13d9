import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { issuesToFieldKeys } from '../../src/domain/auth/auth-schemas.ts';
import { DEFAULT_SETTINGS } from '../../src/domain/settings/settings.ts';
import { SettingsInput, timeZones } from '../../src/domain/settings/settings-schema.ts';

const errors = (input: unknown) => {
  const r = v.safeParse(SettingsInput, input);
  return r.success ? {} : issuesToFieldKeys(r.issues);
};

describe('settings input', () => {
  it('accepts the defaults and normalises the IP list', () => {
    expect(errors(DEFAULT_SETTINGS)).toEqual({});
    expect(v.parse(SettingsInput, { ...DEFAULT_SETTINGS, ipRestriction: ' 10.0.0.1 ,, 10.0.0.0/8 ' }).ipRestriction).toBe('10.0.0.1, 10.0.0.0/8');
  });

  it('refuses unknown zones, countries, bad ranges and bad IP entries', () => {
    expect(errors({ ...DEFAULT_SETTINGS, timezone: 'Mars/Olympus', country: 'XX', graceMinutes: 500, breaksPerDay: 0, ipRestriction: '10.0.0.1, nope' })).toEqual({
      timezone: 'settings.invalidTimezone',
      country: 'settings.invalidCountry',
      graceMinutes: 'settings.graceRange',
      breaksPerDay: 'settings.breaksRange',
      ipRestriction: 'settings.invalidIpList',
    });
  });

  it('offers the IANA zones, including Lisbon and Madrid', () => {
    expect(timeZones()).toEqual(expect.arrayContaining(['Europe/Lisbon', 'Europe/Madrid', 'Atlantic/Canary', 'UTC']));
  });
});
