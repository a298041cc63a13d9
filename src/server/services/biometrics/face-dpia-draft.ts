import { dpiaDraft, dpiaFileName } from '#domain/biometrics/dpia-draft.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { countActiveEmployees } from '../../db/repositories/employees.ts';
import { faceEnrolmentCounts } from '../../db/repositories/face-descriptors.ts';
import { profileCompanies } from '../../db/repositories/organization-profile.ts';
import { readFaceEnablement, readSettings } from '../../db/repositories/settings.ts';
import { listTerminals } from '../../db/repositories/terminals.ts';
import { findUserWithRole } from '../../db/repositories/users.ts';
import { parseTerminalMethods } from '../../db/stored-formats.ts';
import { terminalState } from '#domain/terminals/terminal-rules.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';

/** The DPIA draft of this installation (decision 047), in Spanish or English, as a Markdown file. */
export async function faceDpiaDraft(db: Db, lang: Language): Promise<{ fileName: string; text: string }> {
  const generatedAt = nowIso();
  const [settings, change, counts, activeEmployees, companies, terminals] = await Promise.all([
    readSettings(db),
    readFaceEnablement(db),
    faceEnrolmentCounts(db),
    countActiveEmployees(db),
    profileCompanies(db),
    listTerminals(db, null, generatedAt),
  ]);
  const enabler = change?.enabled ? await findUserWithRole(db, { id: change.by }) : undefined;
  const text = dpiaDraft(
    {
      company: companies.map((c) => c.name).join(', '),
      generatedAt,
      timeZone: settings.timezone,
      activeEmployees,
      enrolledEmployees: counts.employees,
      descriptors: counts.descriptors,
      faceEnabled: settings.faceRecognition,
      faceThreshold: settings.faceThreshold,
      faceMargin: settings.faceMargin,
      faceLiveness: settings.faceLiveness,
      punchPhoto: settings.punchPhoto,
      punchPhotoRetentionDays: settings.punchPhotoRetentionDays,
      ipRestriction: settings.ipRestriction,
      // Paired terminals in use (decision 042); waiting and revoked ones take no punch.
      terminals: terminals.filter((t) => terminalState(t) === 'paired').map((t) => ({ name: t.name, location: t.location, methods: parseTerminalMethods(t.methods) })),
      enabledBy: change?.enabled ? { name: enabler?.name ?? `#${change.by}`, at: change.at } : null,
    },
    lang,
    translator(lang),
  );
  return { fileName: dpiaFileName(lang, localDateOf(generatedAt, settings.timezone)), text };
}
