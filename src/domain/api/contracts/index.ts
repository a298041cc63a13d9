import type { ApiContract } from '../contract.ts';
import { ACCOUNT_CONTRACTS } from './account.ts';
import { ADMIN_CONTRACTS } from './admin.ts';
import { ATTENDANCE_CONTRACTS } from './attendances.ts';
import { CLOCK_CONTRACTS } from './clock.ts';
import { EMPLOYEE_CONTRACTS } from './employees.ts';
import { LEAVE_CONTRACTS } from './leaves.ts';
import { MCP_CONTRACTS } from './mcp.ts';
import { ORG_CONTRACTS } from './org.ts';
import { PERSONAL_CONTRACTS } from './personal.ts';
import { REPORT_CONTRACTS } from './reports.ts';
import { ROSTER_CONTRACTS } from './roster.ts';
import { SCHEDULE_CONTRACTS } from './schedules.ts';
import { SETTINGS_CONTRACTS } from './settings.ts';
import { SIGN_IN_CONTRACTS } from './sign-in.ts';
import { USER_CONTRACTS } from './users.ts';
import { WEBHOOK_CONTRACTS } from './webhooks.ts';

/**
 * Every endpoint's contract, keyed `METHOD pattern` as in the API table
 * (`src/domain/routing/api-table.ts`); `tests/unit/api-contracts.test.ts` holds the two to the
 * same keys. One file per area of the API under this folder.
 */
export const API_CONTRACTS = {
  ...ACCOUNT_CONTRACTS,
  ...ADMIN_CONTRACTS,
  ...ATTENDANCE_CONTRACTS,
  ...CLOCK_CONTRACTS,
  ...EMPLOYEE_CONTRACTS,
  ...LEAVE_CONTRACTS,
  ...MCP_CONTRACTS,
  ...ORG_CONTRACTS,
  ...PERSONAL_CONTRACTS,
  ...REPORT_CONTRACTS,
  ...ROSTER_CONTRACTS,
  ...SCHEDULE_CONTRACTS,
  ...SETTINGS_CONTRACTS,
  ...SIGN_IN_CONTRACTS,
  ...USER_CONTRACTS,
  ...WEBHOOK_CONTRACTS,
} as const satisfies Record<string, ApiContract>;

export type ApiContracts = typeof API_CONTRACTS;
export type ContractKey = keyof ApiContracts & string;

/** The contract of a `METHOD pattern` key, if the endpoint has one. */
export function contractOf(key: string): ApiContract | undefined {
  return (API_CONTRACTS as Record<string, ApiContract>)[key];
}
