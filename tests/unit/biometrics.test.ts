import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { dpiaDraft, dpiaFileName, type DpiaFacts } from '../../src/domain/biometrics/dpia-draft.ts';
import { checkFaceEnable, employeesWithoutAlternative, lacksAlternative, nameList, NAMES_SHOWN, type EmployeeAlternative } from '../../src/domain/biometrics/face-enablement.ts';
import { FaceSwitchInput } from '../../src/domain/biometrics/face-switch-schema.ts';
import { SettingsInput } from '../../src/domain/settings/settings-schema.ts';
import { DEFAULT_SETTINGS, firstRunSettings } from '../../src/domain/settings/settings.ts';
import { translator } from '../../src/i18n/translate.ts';

const person = (over: Partial<EmployeeAlternative>): EmployeeAlternative => ({ id: 1, name: 'Ana Ruiz', status: 'active', pinKey: 'a1b2', rfidCard: null, ...over });

describe('face recognition is lawful by default (decision 047)', () => {
  it('starts off on every new installation; older ones that stored nothing keep it on', () => {
    for (const country of ['ES', 'PT', 'UK']) expect(firstRunSettings(country, 'Europe/Madrid').faceRecognition).toBe(false);
    expect(DEFAULT_SETTINGS.faceRecognition).toBe(true);
  });

  it('PUT /api/settings may leave faceRecognition out (the service refuses a change)', () => {
    const { faceRecognition: _face, ...rest } = DEFAULT_SETTINGS;
    expect(v.safeParse(SettingsInput, rest).success).toBe(true);
    expect(v.safeParse(SettingsInput, { ...rest, faceRecognition: 'on' }).success).toBe(false);
  });

  it('an active employee with neither a PIN nor a badge lacks an alternative', () => {
    expect(lacksAlternative(person({}))).toBe(false);
    expect(lacksAlternative(person({ pinKey: '' }))).toBe(true);
    expect(lacksAlternative(person({ pinKey: ' ', rfidCard: '  ' }))).toBe(true);
    expect(lacksAlternative(person({ pinKey: '', rfidCard: '0004211' }))).toBe(false);
    expect(lacksAlternative(person({ pinKey: '', status: 'archived' }))).toBe(false);
  });

  it('turning on needs the acknowledgement first, then a PIN or badge for everyone, naming who lacks one', () => {
    const employees = [person({ id: 1 }), person({ id: 2, name: 'Zoe Vidal', pinKey: '' }), person({ id: 3, name: 'Álvaro Gil', pinKey: '' })];
    expect(checkFaceEnable({ acknowledged: false, employees: [] })).toEqual({ kind: 'notice-not-acknowledged' });
    expect(checkFaceEnable({ acknowledged: false, employees })).toEqual({ kind: 'notice-not-acknowledged' });
    expect(checkFaceEnable({ acknowledged: true, employees })).toEqual({
      kind: 'alternative-missing',
      employees: [
        { id: 3, name: 'Álvaro Gil' },
        { id: 2, name: 'Zoe Vidal' },
      ],
    });
    expect(checkFaceEnable({ acknowledged: true, employees: [person({})] })).toBeNull();
    expect(employeesWithoutAlternative([])).toEqual([]);
  });

  it('lists at most ten names and counts the rest', () => {
    const names = Array.from({ length: NAMES_SHOWN + 3 }, (_, i) => `P${i}`);
    expect(nameList(names.slice(0, 2), (n) => `+${n}`)).toBe('P0, P1');
    expect(nameList(names, (n) => `and ${n} more`)).toBe(`${names.slice(0, 10).join(', ')} and 3 more`);
  });

  it('the switch takes {enabled: true, acknowledged} or {enabled: false, deleteDescriptors}', () => {
    expect(v.parse(FaceSwitchInput, { enabled: true })).toEqual({ enabled: true, acknowledged: false });
    expect(v.parse(FaceSwitchInput, { enabled: false })).toEqual({ enabled: false, deleteDescriptors: false });
    expect(v.parse(FaceSwitchInput, { enabled: false, deleteDescriptors: true })).toEqual({ enabled: false, deleteDescriptors: true });
    for (const bad of [{}, { enabled: 'true' }, { enabled: true, acknowledged: 1 }, null, []]) expect(v.safeParse(FaceSwitchInput, bad).success).toBe(false);
  });
});

describe('DPIA draft', () => {
  const facts: DpiaFacts = {
    company: 'Óptica Luz',
    generatedAt: '2026-11-24T11:00:00.000Z',
    timeZone: 'Europe/Madrid',
    activeEmployees: 42,
    enrolledEmployees: 17,
    descriptors: 30,
    faceEnabled: true,
    faceThreshold: 0.6,
    faceMargin: 0.05,
    faceLiveness: true,
    punchPhoto: true,
    punchPhotoRetentionDays: 30,
    ipRestriction: '192.168.1.0/24',
    terminals: [{ name: 'Entrada', location: 'Planta baja', methods: ['face', 'pin'] }],
    enabledBy: { name: 'Inés Mora', at: '2026-11-20T08:30:00.000Z' },
  };

  it('fills in the facts in Spanish and English, every text translated, the open parts marked', () => {
    for (const lang of ['es', 'en'] as const) {
      const text = dpiaDraft(facts, lang, translator(lang));
      expect(text).toContain('Óptica Luz');
      expect(text).toContain('Inés Mora');
      expect(text).toContain('192.168.1.0/24');
      expect(text).toContain(lang === 'es' ? 'Entrada (Planta baja): rostro, PIN' : 'Entrada (Planta baja): face, PIN');
      expect(text).toContain(lang === 'es' ? '| 0,60 (valor seguro medido 0,55) |' : '| 0.60 (measured safe value 0.55) |');
      expect(text).toContain(lang === 'es' ? '| 17 (30 descriptores) |' : '| 17 (30 descriptors) |');
      expect(text).toContain(lang === 'es' ? 'sí, 30 días' : 'yes, 30 days');
      expect(text).toContain(lang === 'es' ? '20 de noviembre de 2026' : '20 November 2026');
      expect(text).toContain('AEPD');
      expect(text).toContain('[...]');
      expect(text).not.toMatch(/\{\{|\bdpia\.|\bcommon\./);
    }
  });

  it('says when there is no terminal, no snapshot and no restriction', () => {
    const text = dpiaDraft({ ...facts, terminals: [], punchPhoto: false, ipRestriction: '', enabledBy: null, faceEnabled: false }, 'en', translator('en'));
    expect(text).toContain('- No paired terminal yet.');
    expect(text).toContain('| Snapshot kept with each face punch | no |');
    expect(text).toContain('| Clock limited to addresses | none |');
    expect(text).toContain('| Last turned on by | — |');
    expect(text).toContain('| Face recognition | off |');
  });

  it('names the file by language and local date', () => {
    expect(dpiaFileName('es', '2026-11-24')).toBe('evaluacion-impacto-biometria-2026-11-24.md');
    expect(dpiaFileName('en', '2026-11-24')).toBe('dpia-face-clock-2026-11-24.md');
  });
});
