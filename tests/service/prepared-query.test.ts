import { CamelCasePlugin, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { preparedQuery } from '../../src/server/db/prepared-query.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * A prepared query (src/server/db/prepared-query.ts) compiles once and runs with each call's values,
 * in and out of transactions, through the plugins as before; a builder that would give another SQL
 * for other values, or a missing value, is refused rather than run with the wrong parameters.
 */

let s: ServiceDb;
const ids: number[] = [];

beforeAll(async () => {
  s = await openServiceDb();
  for (const [i, firstName] of ['Prep', 'Ared', 'Query'].entries()) ids.push(await s.addEmployee({ firstName, pin: String(7300000 + i) }));
});

afterAll(async () => {
  await s.close();
});

const byId = preparedQuery((db, p: { id: number }) => db.selectFrom('employees').select(['id', 'firstName']).where('id', '=', p.id));

it('runs with each call’s values, camelCase rows, the same compiled SQL in and out of a transaction', async () => {
  expect(await byId.takeFirst(s.db, { id: ids[0]! })).toEqual({ id: ids[0], firstName: 'Prep' });
  expect(await byId.execute(s.db, { id: ids[2]! })).toEqual([{ id: ids[2], firstName: 'Query' }]);
  expect(await byId.takeFirst(s.db, { id: -1 })).toBeUndefined();
  const inside = await s.db.transaction().execute(async (trx) => [await byId.takeFirst(trx, { id: ids[1]! }), await byId.takeFirst(trx, { id: ids[0]! })]);
  expect(inside.map((r) => r?.firstName)).toEqual(['Ared', 'Prep']);
  // Constants of the builder stay; the named values move.
  const renamed = preparedQuery((db, p: { id: number; name: string }) => db.updateTable('employees').set({ firstName: p.name }).where('id', '=', p.id).where('status', '=', 'active'));
  expect(Number((await renamed.run(s.db, { id: ids[2]!, name: 'Renamed' })).numAffectedRows)).toBe(1);
  expect((await byId.takeFirst(s.db, { id: ids[2]! }))?.firstName).toBe('Renamed');
});

it('compiles again for another plugin list: an instance without the camelCase plugin is not served the snake_case SQL', async () => {
  expect((await byId.takeFirst(s.db, { id: ids[0]! }))?.firstName).toBe('Prep');
  // Compiled for this instance's (empty) plugin list, the column stays "firstName", which SQLite does not have.
  await expect(byId.takeFirst(s.db.withoutPlugins(), { id: ids[0]! })).rejects.toThrow(/no such column: "?firstName/);
  const renamed = s.db.withoutPlugins().withPlugin(new CamelCasePlugin());
  expect(await byId.takeFirst(renamed, { id: ids[1]! })).toEqual({ id: ids[1], firstName: 'Ared' });
  expect((await byId.takeFirst(s.db, { id: ids[0]! }))?.firstName).toBe('Prep');
});

it('refuses a value that is no bound parameter, and a missing value', async () => {
  const raw = preparedQuery((db, p: { table: string }) => db.selectFrom(sql.raw(p.table) as never).selectAll());
  await expect(raw.execute(s.db, { table: 'employees' })).rejects.toThrow(/"table" is not a bound parameter/);
  await expect(byId.execute(s.db, {} as { id: number })).rejects.toThrow(/no value for "id"/);
});
