import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../src/domain/routing/api-table.ts';
import { apiReference } from '../../src/server/openapi/api-reference.ts';
import { openApiDocument, openApiPath } from '../../src/server/openapi/openapi-document.ts';
import { API_CONTRACTS } from '../../src/domain/api/contracts/index.ts';
import * as v from 'valibot';
import { DepartmentScheduleCreateInput, ScheduleCreateInput, ScheduleInput } from '../../src/domain/schedules/schedule-schema.ts';

/** Decision 057: the OpenAPI document covers every endpoint of the API table and is valid OpenAPI 3.1. */

type Doc = { openapi: string; paths: Record<string, Record<string, any>> };
const doc = openApiDocument('0.0.0-test') as Doc;

describe('the OpenAPI document', () => {
  it('has an operation for every API_ROUTES entry, and no other', () => {
    for (const route of API_ROUTES) {
      const op = doc.paths[openApiPath(route.pattern)]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.pattern}`).toBeDefined();
      expect(op['x-authority']).toEqual(route.authority);
      expect(op.security.length === 0, `${route.method} ${route.pattern} public`).toBe(!!route.public);
    }
    const operations = Object.values(doc.paths).flatMap((ops) => Object.keys(ops));
    expect(operations.length).toBe(API_ROUTES.length);
  });

  it('every contract body is the body of its operation', () => {
    for (const [key, contract] of Object.entries(API_CONTRACTS) as [string, { body?: unknown }][]) {
      if (!contract.body) continue;
      const [method, pattern] = key.split(' ') as [string, string];
      const body = doc.paths[openApiPath(pattern)]![method.toLowerCase()].requestBody;
      expect(body.required, key).toBe(true);
      const schema = body.content['application/json'].schema;
      expect(JSON.stringify(schema), key).not.toBe('{}');
    }
    // The token request as the server validates it: name, expiry date and permission set, all required.
    const token = doc.paths['/api/api-tokens']!['post'].requestBody.content['application/json'].schema;
    expect(token.type).toBe('object');
    expect(Object.keys(token.properties)).toEqual(['name', 'expiresOn', 'permissions']);
    expect(token.required).toEqual(['name', 'expiresOn', 'permissions']);
    expect(token.properties.name.maxLength).toBe(80);
  });

  it('a new schedule may leave its first day out (the next working day), an edit names it: the document says what the schemas accept', () => {
    const schemaOf = (path: string, method: string) => doc.paths[path]![method].requestBody.content['application/json'].schema;
    for (const [path, who] of [
      ['/api/schedules', 'employee'],
      ['/api/schedules/bulk', 'department'],
    ] as const) {
      const create = schemaOf(path, 'post');
      expect(create.properties).toHaveProperty('fromDate');
      expect(create.required, path).toEqual([who, 'startTime', 'offTime', 'totalHours']);
    }
    expect(schemaOf('/api/schedules/{id}', 'patch').required).toContain('fromDate');
    const shift = { employee: 3, startTime: '09:00', offTime: '17:00', totalHours: 8 };
    for (const fromDate of [undefined, null, '']) {
      expect(v.safeParse(ScheduleCreateInput, { ...shift, fromDate }).success, String(fromDate)).toBe(true);
      expect(v.safeParse(ScheduleInput, { ...shift, fromDate }).success, String(fromDate)).toBe(false);
      expect(v.safeParse(DepartmentScheduleCreateInput, { ...shift, employee: undefined, department: 2, fromDate }).success).toBe(true);
    }
    expect(v.safeParse(ScheduleCreateInput, { ...shift, fromDate: '2027-02-30' }).success).toBe(false);
    expect(v.safeParse(ScheduleCreateInput, { ...shift, fromDate: '2027-03-02', toDate: '2027-03-01' }).success).toBe(false);
    expect(v.safeParse(ScheduleCreateInput, { ...shift, toDate: '2027-03-01' }).success).toBe(true);
  });

  it("an employee's update takes the optional date its contract change applies from (issue 33 point 1)", () => {
    const update = doc.paths['/api/employees/{id}']!['patch'].requestBody.content['application/json'].schema;
    const prop = update.properties.contractEffectiveFrom;
    expect(prop).toBeDefined();
    expect(update.required).not.toContain('contractEffectiveFrom');
    expect(prop.description).toMatch(/periods\.locked/);
    // Not on create: a new employee's terms hold from the beginning.
    const create = doc.paths['/api/employees']!['post'].requestBody.content['application/json'].schema;
    expect(create.properties.contractEffectiveFrom).toBeUndefined();
  });

  it('names a second {id} after its segment, so path parameters are unique', () => {
    expect(openApiPath('/api/employees/{id}/photos/{id}/descriptor')).toBe('/api/employees/{id}/photos/{photoId}/descriptor');
    expect(doc.paths['/api/employees/{id}/photos/{photoId}/image']!['get'].parameters.map((p: { name: string }) => p.name)).toEqual(['id', 'photoId']);
  });

  it('validates as OpenAPI 3.1 with @seriousme/openapi-schema-validator', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('a broken document is refused by the same validator (the check can fail)', async () => {
    const broken = structuredClone(doc) as any;
    broken.paths['/api/me'].get.responses = 'none';
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('the /api-docs reference lists every operation', () => {
    const listed = apiReference('0.0.0-test').flatMap((g) => g.operations.map((o) => `${o.method} ${o.path}`));
    expect(listed.sort()).toEqual(API_ROUTES.map((r) => `${r.method} ${openApiPath(r.pattern)}`).sort());
  });
});
