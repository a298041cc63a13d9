import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmployeeImportRejected, importEmployees, importRejectionBody, MAX_REPORTED_PROBLEMS } from '#server/services/employees/import-employees.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * Issue 34 point 6: a failed 100,000-row import stalled every request for 3–8 s while the server
 * translated every problem into a 19.5 MB answer. The answer is now the count and the first 1,000
 * problems, a bounded piece of work (built in 5 ms slices besides). How long the loop is held is
 * not asserted here: a wall-clock bound (100 ms) failed on a loaded machine at 503 ms; the size of
 * the work is what makes it short.
 */

let s: ServiceDb;
const ROWS = 100_000;

beforeAll(async () => {
  s = await openServiceDb();
});

afterAll(async () => {
  await s.close();
});

describe('a refused import with 100,000 bad rows', () => {
  it('answers the count and the first 1,000 problems, a small answer where every problem made 19.5 MB', async () => {
    const lines = ['firstName,lastName,gender,email,nationalId,company,department,jobTitle,leaveGroup,employmentType,pin'];
    // Each row: a bad e-mail, a bad PIN and an unknown company (three problems).
    for (let i = 0; i < ROWS; i++) lines.push(`Fila,Mala ${i},female,no-es-correo-${i},M${String(10_000_000 + i)}Q,Empresa ${i},Tienda,Dependiente,General,regular,12`);
    const actor = { id: s.admin.id, accountType: 'Admin' as const, employeeId: null };
    const error = await importEmployees(s.db, { csv: lines.join('\n'), dryRun: true }, actor, 'es').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmployeeImportRejected);
    const rejected = error as EmployeeImportRejected;
    expect(rejected.rows.length).toBeGreaterThanOrEqual(2 * ROWS);

    const body = await importRejectionBody(rejected, 'es');
    expect(body.code).toBe('employeeImport.rejected');
    expect(body.message).toContain('100000');
    expect(body.problemCount).toBe(rejected.rows.length);
    expect(body.rows).toHaveLength(MAX_REPORTED_PROBLEMS);
    expect(body.rows[0]).toMatchObject({ line: 2, column: expect.any(String), message: expect.any(String) });
    // Well under a megabyte, where every problem made 19.5 MB.
    expect(JSON.stringify(body).length).toBeLessThan(300_000);
  }, 120_000);
});
