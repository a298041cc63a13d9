/** Field of an organisation form. `dependsOn`: options are those of the chosen company. */
export type OrgField =
  | { name: string; kind: 'text' | 'textarea' | 'date'; label: string; hint?: string }
  | { name: string; kind: 'number'; label: string; hint: string }
  | { name: string; kind: 'select' | 'multi'; label: string; source: string; dependsOn?: 'company' }
  | { name: string; kind: 'choice'; label: string; choices: ReadonlyArray<readonly [value: string, label: string]>; hint?: string };

export type OrgCell = 'text' | 'count' | 'days' | 'status' | 'list' | 'date' | 'flag';

export interface OrgTable {
  path: string;
  titleKey: string;
  singularKey: string;
  defaultSort: string;
  columns: ReadonlyArray<{ key: string; label: string; sortKey?: string; cell: OrgCell }>;
  fields: readonly OrgField[];
  /** Values of a new record. */
  blank: Record<string, unknown>;
}

const company: OrgField = { name: 'company', kind: 'select', label: 'fields.company', source: '/companies' };

/** The five organisation tables of spec section 2, described once for the generic manager. */
export const ORG_TABLES = {
  company: {
    path: '/companies',
    titleKey: 'pages.company',
    singularKey: 'singular.company',
    defaultSort: 'name',
    columns: [
      { key: 'name', label: 'fields.name', sortKey: 'name', cell: 'text' },
      { key: 'taxId', label: 'fields.taxId', cell: 'text' },
      { key: 'departments', label: 'resources.department', cell: 'count' },
      { key: 'employees', label: 'resources.employee', cell: 'count' },
    ],
    fields: [
      { name: 'name', kind: 'text', label: 'fields.name' },
      { name: 'taxId', kind: 'text', label: 'fields.taxId' },
      { name: 'contributionAccountCode', kind: 'text', label: 'fields.contributionAccountCode' },
      {
        name: 'personalClock',
        kind: 'choice',
        label: 'personalClock.companyLabel',
        hint: 'personalClock.companyHint',
        choices: [
          ['false', 'personalClock.companyOff'],
          ['true', 'personalClock.companyOn'],
        ],
      },
      {
        name: 'proofOfPlace',
        kind: 'choice',
        label: 'proofOfPlace.companyLabel',
        hint: 'proofOfPlace.companyHint',
        choices: [
          ['off', 'proofOfPlace.mode.off'],
          ['record', 'proofOfPlace.mode.record'],
          ['warn', 'proofOfPlace.mode.warn'],
          ['require', 'proofOfPlace.mode.require'],
        ],
      },
      { name: 'positionRetentionDays', kind: 'number', label: 'proofOfPlace.retentionLabel', hint: 'proofOfPlace.retentionHint' },
      {
        name: 'workerOvertimeChoice',
        kind: 'choice',
        label: 'overtimeChoice.companyLabel',
        hint: 'overtimeChoice.companyHint',
        choices: [
          ['false', 'overtimeChoice.companyOff'],
          ['true', 'overtimeChoice.companyOn'],
        ],
      },
      {
        name: 'requireTwoFactor',
        kind: 'choice',
        label: 'twoFactor.companyLabel',
        hint: 'twoFactor.companyHint',
        choices: [
          ['false', 'twoFactor.companyOff'],
          ['true', 'twoFactor.companyOn'],
        ],
      },
    ],
    blank: { name: '', taxId: '', contributionAccountCode: '', personalClock: 'false', proofOfPlace: 'off', positionRetentionDays: '90', workerOvertimeChoice: 'false', requireTwoFactor: 'false' },
  },
  department: {
    path: '/departments',
    titleKey: 'pages.department',
    singularKey: 'singular.department',
    defaultSort: 'name',
    columns: [
      { key: 'name', label: 'fields.name', sortKey: 'name', cell: 'text' },
      { key: 'companyName', label: 'fields.company', sortKey: 'company', cell: 'text' },
      { key: 'employees', label: 'resources.employee', cell: 'count' },
    ],
    fields: [{ name: 'name', kind: 'text', label: 'fields.name' }, company],
    blank: { name: '', company: '' },
  },
  jobTitle: {
    path: '/job-titles',
    titleKey: 'pages.jobtitle',
    singularKey: 'singular.jobTitle',
    defaultSort: 'name',
    columns: [
      { key: 'name', label: 'fields.name', sortKey: 'name', cell: 'text' },
      { key: 'departmentName', label: 'fields.department', sortKey: 'department', cell: 'text' },
      { key: 'companyName', label: 'fields.company', sortKey: 'company', cell: 'text' },
      { key: 'employees', label: 'resources.employee', cell: 'count' },
    ],
    fields: [{ name: 'name', kind: 'text', label: 'fields.name' }, company, { name: 'department', kind: 'select', label: 'fields.department', source: '/departments', dependsOn: 'company' }],
    blank: { name: '', company: '', department: '' },
  },
  leaveType: {
    path: '/leave-types',
    titleKey: 'pages.leavetype',
    singularKey: 'singular.leaveType',
    defaultSort: 'name',
    columns: [
      { key: 'name', label: 'fields.name', sortKey: 'name', cell: 'text' },
      { key: 'companyName', label: 'fields.company', sortKey: 'company', cell: 'text' },
      { key: 'daysPerYear', label: 'fields.daysPerYear', sortKey: 'daysPerYear', cell: 'days' },
      { key: 'drawsFromBalance', label: 'fields.drawsFromBalance', cell: 'flag' },
    ],
    fields: [
      { name: 'name', kind: 'text', label: 'fields.name' },
      company,
      { name: 'daysPerYear', kind: 'number', label: 'fields.daysPerYear', hint: 'fields.daysPerYearHint' },
      { name: 'accrualDaysPerMonth', kind: 'number', label: 'fields.accrualDaysPerMonth', hint: 'fields.accrualDaysPerMonthHint' },
      { name: 'carryOverMaxDays', kind: 'number', label: 'fields.carryOverMaxDays', hint: 'fields.carryOverMaxDaysHint' },
      { name: 'carryOverExpiry', kind: 'text', label: 'fields.carryOverExpiry', hint: 'fields.carryOverExpiryHint' },
      {
        name: 'drawsFromBalance',
        kind: 'choice',
        label: 'fields.drawsFromBalance',
        choices: [
          ['false', 'fields.drawsFromBalanceNo'],
          ['true', 'fields.drawsFromBalanceYes'],
        ],
      },
    ],
    blank: { name: '', company: '', daysPerYear: '', accrualDaysPerMonth: '', carryOverMaxDays: '', carryOverExpiry: '', drawsFromBalance: 'false' },
  },
  leaveGroup: {
    path: '/leave-groups',
    titleKey: 'pages.leavegroup',
    singularKey: 'singular.leaveGroup',
    defaultSort: 'name',
    columns: [
      { key: 'name', label: 'fields.name', sortKey: 'name', cell: 'text' },
      { key: 'description', label: 'fields.description', cell: 'text' },
      { key: 'privilegeNames', label: 'fields.privilege', cell: 'list' },
      { key: 'status', label: 'fields.status', sortKey: 'status', cell: 'status' },
      { key: 'companyName', label: 'fields.company', sortKey: 'company', cell: 'text' },
    ],
    fields: [
      { name: 'name', kind: 'text', label: 'fields.name' },
      { name: 'description', kind: 'textarea', label: 'fields.description' },
      company,
      { name: 'privilege', kind: 'multi', label: 'fields.privilege', source: '/leave-types', dependsOn: 'company' },
      {
        name: 'status',
        kind: 'choice',
        label: 'fields.status',
        choices: [
          ['active', 'status.active'],
          ['disabled', 'status.disabled'],
        ],
      },
    ],
    blank: { name: '', description: '', company: '', privilege: [], status: 'active' },
  },
  holiday: {
    path: '/holidays',
    titleKey: 'pages.holidays',
    singularKey: 'singular.holiday',
    defaultSort: 'date',
    columns: [
      { key: 'date', label: 'fields.date', sortKey: 'date', cell: 'date' },
      { key: 'name', label: 'fields.name', sortKey: 'name', cell: 'text' },
      { key: 'companyName', label: 'fields.company', sortKey: 'company', cell: 'text' },
    ],
    fields: [{ name: 'date', kind: 'date', label: 'fields.date' }, { name: 'name', kind: 'text', label: 'fields.name' }, company],
    blank: { name: '', date: '', company: '' },
  },
} as const satisfies Record<string, OrgTable>;

export type OrgTableName = keyof typeof ORG_TABLES;
