import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  apiTokenHint,
  apiTokenState,
  CreateApiTokenSchema,
  effectiveTokenPermissions,
  effectiveTokenState,
  expiryRefusal,
  intersectPermissions,
  isApiToken,
  isWithinOwnPermissions,
  lastUsedDue,
  looksLikeApiToken,
  SESSION_ONLY_API,
  TOKEN_REFUSALS,
  tokenPrincipal,
} from '../../src/domain/api-tokens/api-tokens.ts';
import { allPermissions } from '../../src/domain/permissions/permissions.ts';
import { API_ROUTES } from '../../src/domain/routing/api-table.ts';

/** Decision 057: the pure rules of API tokens, with hand-computed cases. */

const TOKEN = `jt_${'A'.repeat(43)}`;

describe('the shape of a token', () => {
  it('is jt_ and 43 base64url characters; anything else is refused before any look-up', () => {
    expect(isApiToken(TOKEN)).toBe(true);
    expect(isApiToken(`jt_${'-_9z'.repeat(10)}abc`)).toBe(true);
    for (const bad of [undefined, '', 'jt_', `jt_${'A'.repeat(42)}`, `jt_${'A'.repeat(44)}`, `jx_${'A'.repeat(43)}`, `jt_${'A'.repeat(42)}=`, 'A'.repeat(46)]) {
      expect(isApiToken(bad), String(bad)).toBe(false);
    }
    expect(looksLikeApiToken('jt_whatever')).toBe(true);
    expect(looksLikeApiToken('Fe26.2**sealed-session')).toBe(false);
    expect(apiTokenHint(TOKEN)).toBe('jt_AAAA');
  });
});

describe('what a token may be given', () => {
  it('only permissions the creator holds; a SuperAdmin holds everything', () => {
    const admin = { accountType: 'Admin' as const, permissions: { report: ['read' as const], employee: ['read' as const, 'update' as const] } };
    expect(isWithinOwnPermissions(admin, { report: ['read'] })).toBe(true);
    expect(isWithinOwnPermissions(admin, { employee: ['read', 'update'] })).toBe(true);
    expect(isWithinOwnPermissions(admin, { employee: ['delete'] })).toBe(false);
    expect(isWithinOwnPermissions(admin, { setting: ['update'] })).toBe(false);
    expect(isWithinOwnPermissions({ accountType: 'SuperAdmin', permissions: {} }, { setting: ['update'], user: ['create'] })).toBe(true);
  });

  it('the request schema refuses unknown names, an empty set, arrays and bad dates', () => {
    const ok = v.safeParse(CreateApiTokenSchema, { name: ' Nóminas ', expiresOn: '2027-02-28', permissions: { report: ['read', 'read'], employee: [] } });
    expect(ok.success).toBe(true);
    expect(ok.output).toEqual({ name: 'Nóminas', expiresOn: '2027-02-28', permissions: { report: ['read'] } });
    const issues = (input: unknown) => {
      const r = v.safeParse(CreateApiTokenSchema, input);
      return r.success ? [] : r.issues.map((i) => i.message);
    };
    expect(issues({ name: 'x', expiresOn: '2027-02-28', permissions: { payroll: ['read'] } })).toContain('tokens.unknownPermission');
    expect(issues({ name: 'x', expiresOn: '2027-02-28', permissions: { report: ['approve'] } })).toContain('tokens.unknownPermission');
    expect(issues({ name: 'x', expiresOn: '2027-02-28', permissions: {} })).toContain('tokens.permissionsRequired');
    for (const bad of ['2027-02-29', '2026-13-01', '2026-00-10', '2026-1-1', '2026-01-01T00:00:00Z']) {
      expect(issues({ name: 'x', expiresOn: bad, permissions: { report: ['read'] } }), bad).toContain('validation.invalidDate');
    }
    expect(issues({ name: '   ', expiresOn: '2027-02-28', permissions: { report: ['read'] } })).toContain('validation.required');
    expect(issues([])).not.toEqual([]);
  });

  it('expires from today up to 366 days ahead, judged on the company-zone date', () => {
    expect(expiryRefusal('2026-11-24', '2026-11-24')).toBeUndefined();
    expect(expiryRefusal('2026-11-23', '2026-11-24')).toBe('tokens.expiryPast');
    // 2026-11-24 + 366 days = 2027-11-25 (no 29 February in between).
    expect(expiryRefusal('2027-11-25', '2026-11-24')).toBeUndefined();
    expect(expiryRefusal('2027-11-26', '2026-11-24')).toBe('tokens.expiryTooFar');
  });
});

describe('what a token does at the moment of a request', () => {
  const token = { permissions: { report: ['read' as const], employee: ['read' as const, 'update' as const] } };

  it('its permissions within the creator’s current ones, as an Admin', () => {
    expect(tokenPrincipal(token, { status: 'enabled', accountType: 'Admin', permissions: allPermissions() })).toEqual({ accountType: 'Admin', permissions: token.permissions });
    // The creator's role lost employee.update: so did the token.
    expect(tokenPrincipal(token, { status: 'enabled', accountType: 'Admin', permissions: { employee: ['read'], report: ['read'] } })).toEqual({
      accountType: 'Admin',
      permissions: { employee: ['read'], report: ['read'] },
    });
    // A SuperAdmin's token is never a SuperAdmin (which would skip every check).
    expect(tokenPrincipal(token, { status: 'enabled', accountType: 'SuperAdmin', permissions: {} })).toEqual({ accountType: 'Admin', permissions: token.permissions });
  });

  it('nothing once the creator is disabled or demoted to an Employee account', () => {
    expect(tokenPrincipal(token, { status: 'disabled', accountType: 'Admin', permissions: allPermissions() })).toBeUndefined();
    expect(tokenPrincipal(token, { status: 'enabled', accountType: 'Employee', permissions: allPermissions() })).toBeUndefined();
  });

  it('is listed as it is now: no effect once the creator is disabled, only the permissions still held (issue 34.6)', () => {
    const life = { expiresAt: '2027-01-01T00:00:00.000Z', revokedAt: null };
    const before = Date.parse('2026-06-01T00:00:00Z');
    expect(effectiveTokenState(life, { status: 'enabled', accountType: 'Admin' }, before)).toBe('active');
    expect(effectiveTokenState(life, { status: 'disabled', accountType: 'Admin' }, before)).toBe('creatorInactive');
    expect(effectiveTokenState(life, { status: 'enabled', accountType: 'Employee' }, before)).toBe('creatorInactive');
    // Revoked and expired say so first: nothing would bring them back.
    expect(effectiveTokenState({ ...life, revokedAt: '2026-05-01T00:00:00Z' }, { status: 'disabled', accountType: 'Admin' }, before)).toBe('revoked');
    expect(effectiveTokenState(life, { status: 'disabled', accountType: 'Admin' }, Date.parse('2027-02-01T00:00:00Z'))).toBe('expired');
    expect(effectiveTokenPermissions(token, { status: 'enabled', accountType: 'Admin', permissions: { report: ['read'] } })).toEqual(intersectPermissions(token.permissions, { report: ['read'] }));
    expect(effectiveTokenPermissions(token, { status: 'disabled', accountType: 'Admin', permissions: allPermissions() })).toEqual({});
    // Each refusal has its own code for the script that sent the token.
    expect(TOKEN_REFUSALS).toEqual({ active: null, expired: 'tokens.expired', revoked: 'tokens.revoked', creatorInactive: 'tokens.creatorInactive' });
  });

  it('intersects action by action, in canonical order', () => {
    expect(intersectPermissions({ leave: ['update', 'read'], user: ['read'] }, { leave: ['read', 'update', 'delete'], role: ['read'] })).toEqual({ leave: ['read', 'update'] });
    expect(intersectPermissions({ user: ['read'] }, {})).toEqual({});
  });

  it('works until, not at, its expiry; a revoked token stays revoked', () => {
    const at = Date.parse('2026-11-25T00:00:00Z');
    expect(apiTokenState({ expiresAt: '2026-11-25T00:00:00.000Z', revokedAt: null }, at - 1)).toBe('active');
    expect(apiTokenState({ expiresAt: '2026-11-25T00:00:00.000Z', revokedAt: null }, at)).toBe('expired');
    expect(apiTokenState({ expiresAt: '2027-01-01T00:00:00.000Z', revokedAt: '2026-11-20T10:00:00.000Z' }, at)).toBe('revoked');
  });

  it('writes the last use at most once a minute', () => {
    const last = '2026-11-24T10:00:00.000Z';
    expect(lastUsedDue(null, Date.parse(last))).toBe(true);
    expect(lastUsedDue(last, Date.parse('2026-11-24T10:00:59.999Z'))).toBe(false);
    expect(lastUsedDue(last, Date.parse('2026-11-24T10:01:00.000Z'))).toBe(true);
  });

  it('never reaches the account’s password, sessions or token management (each of those is a real route)', () => {
    const patterns = new Set(API_ROUTES.map((r) => r.pattern));
    for (const p of SESSION_ONLY_API) expect(patterns.has(p), p).toBe(true);
  });
});
