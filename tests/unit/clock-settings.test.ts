import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { issuesToFieldKeys } from '../../src/domain/auth/auth-schemas.ts';
import { DEFAULT_SETTINGS, settingsFrom } from '../../src/domain/settings/settings.ts';
import { SettingsInput } from '../../src/domain/settings/settings-schema.ts';

const errors = (input: unknown) => {
  const r = v.safeParse(SettingsInput, input);
  return r.success ? {} : issuesToFieldKeys(r.issues);
};

describe('clock terminal settings', () => {
  it('default to the measured threshold and margin, liveness on, no punch photos, no proxy', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      faceThreshold: 0.55,
      faceMargin: 0.05,
      faceLiveness: true,
      punchPhoto: false,
      punchPhotoRetentionDays: 30,
      trustedProxy: '',
    });
    expect(settingsFrom({ faceThreshold: '0.9', faceLiveness: false })).toMatchObject({ faceThreshold: 0.55, faceLiveness: false });
  });

  it('may be left out of a PUT by older clients (they keep their stored value)', () => {
    const { faceThreshold, faceMargin, faceLiveness, punchPhoto, punchPhotoRetentionDays, trustedProxy, ...spec } = DEFAULT_SETTINGS;
    const parsed = v.parse(SettingsInput, spec);
    expect(Object.keys(parsed)).not.toContain('faceThreshold');
    expect(Object.keys(parsed)).not.toContain('trustedProxy');
    expect([faceThreshold, faceMargin, faceLiveness, punchPhoto, punchPhotoRetentionDays, trustedProxy]).toHaveLength(6);
  });

  it('refuses out-of-range values and bad proxy addresses, and normalises the proxy list', () => {
    expect(errors({ ...DEFAULT_SETTINGS, faceThreshold: 0.9, faceMargin: -0.1, punchPhotoRetentionDays: 0, trustedProxy: 'proxy.local' })).toEqual({
      faceThreshold: 'settings.faceThresholdRange',
      faceMargin: 'settings.faceMarginRange',
      punchPhotoRetentionDays: 'settings.retentionRange',
      trustedProxy: 'settings.invalidIpList',
    });
    expect(errors({ ...DEFAULT_SETTINGS, faceThreshold: 0.29 })).toEqual({ faceThreshold: 'settings.faceThresholdRange' });
    expect(errors({ ...DEFAULT_SETTINGS, punchPhotoRetentionDays: 2.5 })).toEqual({ punchPhotoRetentionDays: 'validation.invalidNumber' });
    expect(v.parse(SettingsInput, { ...DEFAULT_SETTINGS, faceThreshold: 0.5, trustedProxy: ' 127.0.0.1 ,10.0.0.0/8' })).toMatchObject({ faceThreshold: 0.5, trustedProxy: '127.0.0.1, 10.0.0.0/8' });
  });
});
