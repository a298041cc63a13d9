import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInspectionLink } from '#server/services/access/create-inspection-link.ts';
import { openInspectionLink } from '#server/services/access/open-inspection-link.ts';
import type { SessionUser } from '#server/services/sign-in/session-user.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * Issue 34 point 6: a valid inspection link got 429 from an address that had just guessed bad
 * tokens (20 in ten minutes). Only unknown tokens count, and a valid one never waits.
 */

let s: ServiceDb;
let token: string;
const OFFICE = '198.51.100.7';
const visit = (address = OFFICE) => ({ address, viewed: 'test' });
const BAD = 'A'.repeat(43);

beforeAll(async () => {
  s = await openServiceDb();
  const user: SessionUser = {
    id: s.superAdmin.id,
    name: 'S',
    email: 's@x',
    image: null,
    accountType: 'SuperAdmin',
    permissions: s.superAdmin.permissions,
    roleId: s.superAdmin.roleId,
    roleName: 'Administrator',
    companyId: s.companyId,
    employeeId: null,
  };
  const link = await createInspectionLink(s.db, user, { days: 7, label: 'Inspección' } as Parameters<typeof createInspectionLink>[2]);
  token = link.path.split('/').pop()!;
});

afterAll(async () => {
  await s.close();
});

describe('inspection link guesses', () => {
  it('after 20 bad guesses from an address, a valid token from it still opens at once; the next bad guess is 429', async () => {
    for (let i = 0; i < 20; i++) await expect(openInspectionLink(s.db, BAD, visit())).rejects.toMatchObject({ status: 404, code: 'inspection.notFound' });
    await expect(openInspectionLink(s.db, token, visit())).resolves.toMatchObject({ label: 'Inspección' });
    await expect(openInspectionLink(s.db, BAD, visit())).rejects.toMatchObject({ status: 429 });
    // And again: the valid token is never counted nor held back.
    for (let i = 0; i < 30; i++) await expect(openInspectionLink(s.db, token, visit())).resolves.toBeDefined();
    // Another address is not affected by this one's guesses.
    await expect(openInspectionLink(s.db, BAD, visit('203.0.113.9'))).rejects.toMatchObject({ status: 404 });
  });
});
