import { employeesWithoutAlternative, FACE_NOTICE_VERSION, type FaceRecognitionStatus } from '#domain/biometrics/face-enablement.ts';
import type { Db } from '../../db/connection.ts';
import { activeEmployeeAlternatives } from '../../db/repositories/employees.ts';
import { faceEnrolmentCounts } from '../../db/repositories/face-descriptors.ts';
import { readFaceEnablement, readSettings } from '../../db/repositories/settings.ts';
import { findUserWithRole } from '../../db/repositories/users.ts';

/** What Settings → Features shows about face recognition (decision 047). */
export async function faceRecognitionStatus(db: Db): Promise<FaceRecognitionStatus> {
  const [settings, change, counts, employees] = await Promise.all([readSettings(db), readFaceEnablement(db), faceEnrolmentCounts(db), activeEmployeeAlternatives(db)]);
  const by = change ? await findUserWithRole(db, { id: change.by }) : undefined;
  return {
    enabled: settings.faceRecognition,
    lastChange: change ? { enabled: change.enabled, at: change.at, byName: by?.name ?? `#${change.by}`, noticeVersion: change.noticeVersion } : null,
    acknowledged: settings.faceRecognition && change?.enabled === true && change.noticeVersion === FACE_NOTICE_VERSION,
    enrolledEmployees: counts.employees,
    descriptorCount: counts.descriptors,
    missingAlternative: employeesWithoutAlternative(employees.map((e) => ({ ...e, name: `${e.firstName} ${e.lastName}` }))),
  };
}
