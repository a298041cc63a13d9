/**
 * Face recognition is lawful by default (issue 20, point 7; decision 047). Spain's data-protection
 * authority (AEPD, "Guía sobre tratamientos de control de presencia mediante sistemas
 * biométricos", November 2023) holds that an employee's consent is generally not a valid basis for
 * biometric time records and that an impact assessment (DPIA) is required. So: new installations
 * start with it off, and turning it on is a deliberate act with its own rules, checked here and
 * applied by the server (`services/biometrics/set-face-recognition.ts`), never by PUT /api/settings.
 */

/** Version of the notice the administrator acknowledges; a new text gets a new version. */
export const FACE_NOTICE_VERSION = 'aepd-2023-11';

/** The last time face recognition was switched (or its notice acknowledged), as stored. */
export interface FaceEnablement {
  enabled: boolean;
  /** ISO instant. */
  at: string;
  /** The user who did it. */
  by: number;
  /** The notice acknowledged when turning it on; null when turning it off. */
  noticeVersion: string | null;
  /** Descriptors deleted when turning it off (0 when kept). */
  descriptorsDeleted: number;
}

/** What Settings → Features shows about face recognition (GET /api/settings/face-recognition). */
export interface FaceRecognitionStatus {
  enabled: boolean;
  /** The last switch, with the name of who did it; null when nobody switched it on this installation. */
  lastChange: { enabled: boolean; at: string; byName: string; noticeVersion: string | null } | null;
  /** On, and the current notice was acknowledged when it was turned on (false for older installs). */
  acknowledged: boolean;
  enrolledEmployees: number;
  /** Stored face descriptors (named so no answer carries a `descriptors` key, which the secrets check forbids). */
  descriptorCount: number;
  /** Active employees with neither PIN nor badge. */
  missingAlternative: { id: number; name: string }[];
}

/** What the rules need to know about an employee. */
export interface EmployeeAlternative {
  id: number;
  name: string;
  status: 'active' | 'archived';
  /** The stored PIN key ('' when there is none). */
  pinKey: string;
  rfidCard: string | null;
}

/** An active employee with neither a PIN nor a badge: with face recognition on, they could not clock without their face. */
export function lacksAlternative(e: EmployeeAlternative): boolean {
  return e.status === 'active' && e.pinKey.trim() === '' && (e.rfidCard ?? '').trim() === '';
}

/** Active employees without a non-biometric way to clock, by name. */
export function employeesWithoutAlternative(employees: readonly EmployeeAlternative[]): { id: number; name: string }[] {
  return employees
    .filter(lacksAlternative)
    .map(({ id, name }) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'es'));
}

export type EnableRefusal = { kind: 'notice-not-acknowledged' } | { kind: 'alternative-missing'; employees: { id: number; name: string }[] };

/**
 * May face recognition be turned on? Only with the notice acknowledged and when every active
 * employee has a PIN or a badge. Returns the refusal, or null when it may.
 */
export function checkFaceEnable(input: { acknowledged: boolean; employees: readonly EmployeeAlternative[] }): EnableRefusal | null {
  if (!input.acknowledged) return { kind: 'notice-not-acknowledged' };
  const missing = employeesWithoutAlternative(input.employees);
  return missing.length > 0 ? { kind: 'alternative-missing', employees: missing } : null;
}

/** At most this many names in a refusal message; the rest are counted. */
export const NAMES_SHOWN = 10;

/** "Ana López, Juan Pérez" or, past NAMES_SHOWN, the first names and how many more. */
export function nameList(names: readonly string[], more: (count: number) => string): string {
  const shown = names.slice(0, NAMES_SHOWN).join(', ');
  return names.length > NAMES_SHOWN ? `${shown} ${more(names.length - NAMES_SHOWN)}` : shown;
}
