import { contractOf } from '#domain/api/contracts/index.ts';
import { AppError } from './app-error.ts';

/**
 * A query parameter the endpoint's contract does not list answers 422 naming it (issue 41.1),
 * rather than being silently ignored (`?limit=` looked like it worked). Values are read by the
 * endpoint's service, which clamps or refuses them as before.
 */
export function unknownQueryRefusal(key: string, params: URLSearchParams): AppError | undefined {
  const contract = contractOf(key);
  if (!contract || contract.openQuery) return undefined;
  const known = contract.query ? Object.keys(contract.query.entries) : [];
  const unknown = [...new Set(params.keys())].filter((name) => !known.includes(name));
  if (unknown.length === 0) return undefined;
  return new AppError('errors.unknownQueryParameter', 422, { names: unknown.join(', ') }, Object.fromEntries(unknown.map((name) => [name, 'validation.unknownParameter'])));
}
