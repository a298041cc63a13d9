import type { ApiContract } from '../contract.ts';
import { ATTENDANCE_CONTRACTS } from './attendances.ts';
import { CLOCK_CONTRACTS } from './clock.ts';
import { LEAVE_CONTRACTS } from './leaves.ts';
import { REPORT_CONTRACTS } from './reports.ts';

/**
 * Every endpoint's contract, keyed `METHOD pattern` as in the API table
 * (`src/domain/routing/api-table.ts`); `tests/unit/api-contracts.test.ts` holds the two to the
 * same keys. One file per area of the API under this folder.
 */
export const API_CONTRACTS = {
  ...ATTENDANCE_CONTRACTS,
  ...CLOCK_CONTRACTS,
  ...LEAVE_CONTRACTS,
  ...REPORT_CONTRACTS,
} as const satisfies Record<string, ApiContract>;

export type ApiContracts = typeof API_CONTRACTS;
export type ContractKey = keyof ApiContracts & string;

/** The contract of a `METHOD pattern` key, if the endpoint has one. */
export function contractOf(key: string): ApiContract | undefined {
  return (API_CONTRACTS as Record<string, ApiContract>)[key];
}
