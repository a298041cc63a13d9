import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { departmentsResource } from '../../db/repositories/org/departments.ts';
import { jobTitlesResource } from '../../db/repositories/org/job-titles.ts';
import { leaveGroupsResource } from '../../db/repositories/org/leave-groups.ts';
import { leaveTypesResource } from '../../db/repositories/org/leave-types.ts';
import { NO_ACCRUAL } from '#domain/org/org-schemas.ts';
import type { Language } from '#i18n/languages.ts';
import { translate } from '#i18n/translate.ts';
import { nowIso } from '../../clock/now.ts';

/** Working days of the default holidays type: Spain's 30 calendar days of yearly holidays. */
export const DEFAULT_HOLIDAY_DAYS = 22;

/** The records' names and the group's description, in the install's language. */
const NAMES = {
  department: 'firstSteps.defaults.department',
  jobTitle: 'firstSteps.defaults.jobTitle',
  leaveType: 'firstSteps.defaults.leaveType',
  leaveGroup: 'firstSteps.defaults.leaveGroup',
  leaveGroupDescription: 'firstSteps.defaults.leaveGroupDescription',
} as const;

/**
 * First run without demo data (decision 028): one department, one job title in it, a holidays
 * leave type and an active leave group granting it, named in the install's language, so the
 * first employee can be added at once. Ordinary records: editable and deletable like any other.
 * One transaction, each record with its audit entry by the first account.
 */
export async function createDefaultOrganization(db: Db, input: { companyId: number; userId: number; lang: Language }): Promise<void> {
  const t = (key: keyof typeof NAMES) => translate(input.lang, NAMES[key]);
  const company = input.companyId;
  await db.transaction().execute(async (trx) => {
    const at = nowIso();
    const audit = (entity: string, entityId: number, after: unknown) => appendAudit(trx, { userId: input.userId, entity, entityId, action: 'create', after, at });

    const departmentInput = { name: t('department'), company };
    const department = await departmentsResource.insert(trx, departmentInput, at);
    await audit(departmentsResource.entity, department, departmentInput);

    const jobTitleInput = { name: t('jobTitle'), department, company };
    await audit(jobTitlesResource.entity, await jobTitlesResource.insert(trx, jobTitleInput, at), jobTitleInput);

    const leaveTypeInput = { name: t('leaveType'), company, daysPerYear: DEFAULT_HOLIDAY_DAYS, ...NO_ACCRUAL, drawsFromBalance: false };
    const leaveType = await leaveTypesResource.insert(trx, leaveTypeInput, at);
    await audit(leaveTypesResource.entity, leaveType, leaveTypeInput);

    const leaveGroupInput = { name: t('leaveGroup'), description: t('leaveGroupDescription'), privilege: [leaveType], status: 'active' as const, company };
    await audit(leaveGroupsResource.entity, await leaveGroupsResource.insert(trx, leaveGroupInput, at), leaveGroupInput);
  });
}
