import type { ApiContract } from '../contract.ts';
import { ADMIN_CONTRACTS } from './admin.ts';
import { LEAVE_CONTRACTS } from './leaves.ts';
import { ORG_CONTRACTS } from './org.ts';
import { SETTINGS_CONTRACTS } from './settings.ts';

/**
 * Every endpoint's contract, keyed `METHOD pattern` as in the API table
 * (`src/domain/routing/api-table.ts`); `tests/unit/api-contracts.test.ts` holds the two to the
 * same keys. One file per area of the API under this folder.
 */
export const API_CONTRACTS = {
  ...ADMIN_CONTRACTS,
  ...LEAVE_CONTRACTS,
  ...ORG_CONTRACTS,
  ...SETTINGS_CONTRACTS,
} as const satisfies Record<string, ApiContract>;

export type ApiContracts = typeof API_CONTRACTS;
export type ContractKey = keyof ApiContracts & string;

/** The contract of a `METHOD pattern` key, if the endpoint has one. */
export function contractOf(key: string): ApiContract | undefined {
  return (API_CONTRACTS as Record<string, ApiContract>)[key];
}
