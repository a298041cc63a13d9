import type { AnswerOf } from '#domain/api/contract.ts';
import { API_CONTRACTS, type ApiContracts, type ContractKey } from '#domain/api/contracts/index.ts';
import { json } from './json.ts';

/**
 * The JSON answer of an endpoint, typed and given its status by the endpoint's contract
 * (decision 095): the body must be what the contract (and so the OpenAPI document) says.
 */
export function answer<K extends ContractKey>(key: K, body: AnswerOf<ApiContracts[K]>, headers: Record<string, string> = {}): Response {
  const status = (API_CONTRACTS[key] as { status?: number }).status ?? 200;
  return json(body, status, headers);
}

/** The same answer with the contract's other success status (`alsoStatus`). */
export function answerAlso<K extends AlsoKey>(key: K, body: AnswerOf<ApiContracts[K]>): Response {
  return json(body, (API_CONTRACTS[key] as { alsoStatus: number }).alsoStatus);
}

type AlsoKey = { [K in ContractKey]: ApiContracts[K] extends { alsoStatus: number } ? K : never }[ContractKey];
