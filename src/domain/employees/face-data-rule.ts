/**
 * When face data (a descriptor) may be stored for an employee (decisions 013 and 047): only while
 * face recognition is on, with the employee's biometric consent recorded, and while the employee
 * is active. Pure: the photo upload and the later enrolment of a kept photo both ask it, each
 * saying the refusal in its own words.
 */
export type FaceDataRefusal = 'face-recognition-off' | 'no-consent' | 'archived';

export function faceDataRefusal(facts: { faceRecognition: boolean; consentAt: string | null; status: string }): FaceDataRefusal | null {
  if (!facts.faceRecognition) return 'face-recognition-off';
  if (facts.consentAt === null) return 'no-consent';
  if (facts.status !== 'active') return 'archived';
  return null;
}
