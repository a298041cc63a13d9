import { describe, expect, it } from 'vitest';
import { faceDataRefusal } from '../../src/domain/employees/face-data-rule.ts';

describe('faceDataRefusal (decisions 013 and 047)', () => {
  const ok = { faceRecognition: true, consentAt: '2026-11-01T09:00:00.000Z', status: 'active' };

  it('allows face data only with face recognition on, consent recorded and the employee active', () => {
    expect(faceDataRefusal(ok)).toBeNull();
    expect(faceDataRefusal({ ...ok, faceRecognition: false })).toBe('face-recognition-off');
    expect(faceDataRefusal({ ...ok, consentAt: null })).toBe('no-consent');
    expect(faceDataRefusal({ ...ok, status: 'archived' })).toBe('archived');
  });

  it('names the first reason: face recognition off before consent, consent before archived', () => {
    expect(faceDataRefusal({ faceRecognition: false, consentAt: null, status: 'archived' })).toBe('face-recognition-off');
    expect(faceDataRefusal({ faceRecognition: true, consentAt: null, status: 'archived' })).toBe('no-consent');
  });
});
