import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { API_CONTRACTS } from '../../src/domain/api/contracts/index.ts';
import { API_ROUTES } from '../../src/domain/routing/api-table.ts';
import { contractPath } from '../../src/lib/client/api.ts';
import { unknownQueryRefusal } from '../../src/server/http/query-check.ts';

const ROUTE_KEYS = new Set(API_ROUTES.map((route) => `${route.method} ${route.pattern}`));

describe('endpoint contracts (decision 095)', () => {
  it('name only routes of the API table', () => {
    expect(Object.keys(API_CONTRACTS).filter((key) => !ROUTE_KEYS.has(key))).toEqual([]);
  });

  it('cover every route of the API table', () => {
    expect([...ROUTE_KEYS].filter((key) => !(key in API_CONTRACTS))).toEqual([]);
  });

  it('declare a query only on reads and give each parameter a schema', () => {
    for (const [key, contract] of Object.entries(API_CONTRACTS) as [string, { query?: v.ObjectSchema<v.ObjectEntries, undefined> }][]) {
      if (!contract.query) continue;
      for (const entry of Object.values(contract.query.entries)) expect(typeof entry['~run'], key).toBe('function');
    }
  });
});

describe('unknown query parameters', () => {
  it('answer 422 naming each unknown one', () => {
    const refusal = unknownQueryRefusal('GET /api/leaves', new URLSearchParams('status=pending&limit=5&offset=2'));
    expect(refusal?.status).toBe(422);
    expect(refusal?.params).toEqual({ names: 'limit, offset' });
    expect(Object.keys(refusal?.fields ?? {})).toEqual(['limit', 'offset']);
  });

  it('let every listed parameter through, and refuse any on an endpoint that reads none', () => {
    expect(unknownQueryRefusal('GET /api/leaves', new URLSearchParams('q=ana&page=2&pageSize=20&sort=from&dir=desc&employee=3&from=2026-01-01'))).toBeUndefined();
    expect(unknownQueryRefusal('GET /api/leaves/{id}', new URLSearchParams('x=1'))?.status).toBe(422);
  });

  it('let an OpenID provider add its own parameters to the redirect back', () => {
    expect(unknownQueryRefusal('GET /api/auth/oidc/callback', new URLSearchParams('code=a&state=b&session_state=c&client_info=d'))).toBeUndefined();
  });
});

describe('contractPath', () => {
  it('fills ids in order and writes the query, leaving out absent values', () => {
    expect(contractPath('POST /api/leaves/{id}/withdraw', [12])).toBe('/leaves/12/withdraw');
    expect(contractPath('GET /api/employees/{id}/photos/{id}/image', [3, 'a b'])).toBe('/employees/3/photos/a%20b/image');
    expect(contractPath('GET /api/leaves', [], { q: 'ana', page: 2, employee: undefined, status: null })).toBe('/leaves?q=ana&page=2');
  });
});
