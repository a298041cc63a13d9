import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveOfflinePunches } from '#server/services/clock-offline/receive-offline-punches.ts';
import { createTerminal } from '#server/services/terminals/create-terminal.ts';
import { resetTerminalSequence } from '#server/services/terminals/reset-terminal-sequence.ts';
import type { ClockTerminal } from '#server/services/terminals/resolve-terminal.ts';
import type { SessionUser } from '#server/services/sign-in/session-user.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * Issue 34 point 6: a terminal credential that sent offline sequence 2^31 moved `last_seq` there;
 * every later punch of the real kiosk was out of order and its queue could never number past the
 * schema's maximum. Now a jump of more than 100,000 is a conflict that moves nothing, and an
 * administrator can reset a terminal's numbering.
 */

let s: ServiceDb;
let user: SessionUser;
let terminal: ClockTerminal;
const NOW = '2031-03-03T09:00:00.000Z';

const lastSeq = async () => (await s.db.selectFrom('terminals').select('lastSeq').where('id', '=', terminal.id).executeTakeFirstOrThrow()).lastSeq;
const conflicts = async () => await s.db.selectFrom('clockConflicts').select(['seq', 'reason']).where('terminalId', '=', terminal.id).orderBy('id').execute();

beforeAll(async () => {
  process.env['JORNADA_TEST'] = '1';
  process.env['JORNADA_FAKE_NOW'] = NOW;
  s = await openServiceDb();
  user = {
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
  const created = await createTerminal(s.db, user, { name: 'Entrada', location: '', methods: ['pin'] });
  terminal = { id: created.data._id, companyId: s.companyId, name: 'Entrada', location: '', methods: ['pin'], lastSeq: 0, doorCode: false };
});

afterAll(async () => {
  delete process.env['JORNADA_FAKE_NOW'];
  await s.close();
});

describe('offline sequence numbers', () => {
  it('a number 2^31 is a conflict that leaves last_seq where it was; the kiosk’s next number still counts', async () => {
    const jump = await receiveOfflinePunches(s.db, terminal, { sentAt: NOW, punches: [{ seq: 2 ** 31, at: NOW, action: 'check-in', pin: '999999' }] });
    expect(jump).toEqual({ results: [{ seq: 2 ** 31, status: 'conflict' }], lastSeq: 0 });
    expect(await lastSeq()).toBe(0);
    const next = await receiveOfflinePunches(s.db, terminal, { sentAt: NOW, punches: [{ seq: 1, at: NOW, action: 'check-in', pin: '999999' }] });
    expect(next.lastSeq).toBe(1);
    // 100,000 past the last is still believed (a long offline spell); one more is not.
    await receiveOfflinePunches(s.db, terminal, { sentAt: NOW, punches: [{ seq: 100_001, at: NOW, action: 'check-in', pin: '999999' }] });
    expect(await lastSeq()).toBe(100_001);
    expect((await conflicts()).map((c) => c.reason)).toEqual(['sequenceJump', 'unknownIdentifier', 'sequenceGap', 'unknownIdentifier']);
  });

  it('an administrator resets the numbering: last_seq 0, receipts forgotten, audited; the device numbers from 1 again', async () => {
    const view = await resetTerminalSequence(s.db, user, terminal.id);
    expect(view.lastSeq).toBe(0);
    expect(await lastSeq()).toBe(0);
    const audit = await s.db.selectFrom('auditLog').select(['before']).where('action', '=', 'resetSequence').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before!)).toMatchObject({ lastSeq: 100_001 });
    const again = await receiveOfflinePunches(s.db, terminal, { sentAt: NOW, punches: [{ seq: 1, at: NOW, action: 'check-in', pin: '999999' }] });
    // Number 1 is a new punch now, not the first one's receipt answered again.
    expect(again.lastSeq).toBe(1);
    expect((await conflicts()).length).toBe(5);
  });
});
