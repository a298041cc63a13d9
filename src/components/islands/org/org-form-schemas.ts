import { CompanyInput, DepartmentInput, HolidayInput, JobTitleInput, LeaveGroupInput, LeaveTypeInput } from '#domain/org/org-schemas.ts';
import type { FormSchema } from '../ui/valibot-resolver.ts';
import type { OrgTableName } from './org-tables.ts';

/**
 * The schema each organisation form validates with (the server checks the same one). Apart from
 * ORG_TABLES so that the list pages, which import the tables, do not load valibot: only the
 * lazily loaded OrgForm does.
 */
export const ORG_SCHEMAS: Record<OrgTableName, FormSchema> = {
  company: CompanyInput,
  department: DepartmentInput,
  jobTitle: JobTitleInput,
  leaveType: LeaveTypeInput,
  leaveGroup: LeaveGroupInput,
  holiday: HolidayInput,
};
