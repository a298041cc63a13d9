import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { isLoopbackHost, isSsoFailure, issuerIsInsecureLoopback, issuerProblem, SsoSettingsInput, ssoRedirectUri, ssoSettingsProblems, ssoUsable } from '../../src/domain/auth/sso-settings.ts';

/** The single sign-on settings' rules (decision 092): https issuers, loopback only over http, a complete switch-on. */
describe('SSO issuer', () => {
  it('takes https anywhere and http only on a loopback host', () => {
    expect(issuerProblem('https://login.microsoftonline.com/abc/v2.0')).toBeUndefined();
    expect(issuerProblem('https://accounts.google.com')).toBeUndefined();
    expect(issuerProblem('http://127.0.0.1:8080/realms/staff')).toBeUndefined();
    expect(issuerProblem('http://localhost:8080')).toBeUndefined();
    expect(issuerProblem('http://[::1]:9000')).toBeUndefined();
    expect(issuerProblem('http://keycloak.example.com')).toBe('sso.issuerNotHttps');
    expect(issuerProblem('http://127.0.0.1.evil.example')).toBe('sso.issuerNotHttps');
    expect(issuerProblem('ftp://example.com')).toBe('sso.issuerNotHttps');
    expect(issuerProblem('not a url')).toBe('sso.invalidIssuer');
    expect(issuerProblem('https://user:pw@example.com')).toBe('sso.invalidIssuer');
    expect(issuerProblem('https://example.com/?a=1')).toBe('sso.invalidIssuer');
  });

  it('allows insecure requests only to a loopback http issuer', () => {
    expect(issuerIsInsecureLoopback('http://127.0.0.1:4000')).toBe(true);
    expect(issuerIsInsecureLoopback('https://127.0.0.1:4000')).toBe(false);
    expect(issuerIsInsecureLoopback('http://example.com')).toBe(false);
    expect(isLoopbackHost('app.localhost')).toBe(true);
    expect(isLoopbackHost('10.0.0.1')).toBe(false);
  });
});

describe('SsoSettingsInput', () => {
  const valid = { enabled: true, displayName: 'Keycloak', issuer: 'https://sso.example.com/realms/a', clientId: 'jornada', createAccounts: false, passwordOnlySuperAdmin: false };

  it('accepts a complete provider and keeps the secret optional', () => {
    expect(v.parse(SsoSettingsInput, valid)).toEqual(valid);
    expect(v.parse(SsoSettingsInput, { ...valid, clientSecret: 's3cret' }).clientSecret).toBe('s3cret');
  });

  it('refuses a plain-http issuer and asks for the name, issuer and client when switched on', () => {
    const parsed = v.safeParse(SsoSettingsInput, { ...valid, issuer: 'http://sso.example.com' });
    expect(parsed.success).toBe(false);
    expect(parsed.issues?.[0]?.message).toBe('sso.issuerNotHttps');
    expect(ssoSettingsProblems({ enabled: true, displayName: '', issuer: '', clientId: '' })).toEqual({ displayName: 'validation.required', issuer: 'validation.required', clientId: 'validation.required' });
    expect(ssoSettingsProblems({ enabled: false, displayName: '', issuer: '', clientId: '' })).toEqual({});
  });

  it('offers SSO only when on and complete', () => {
    expect(ssoUsable(valid)).toBe(true);
    expect(ssoUsable({ ...valid, enabled: false })).toBe(false);
    expect(ssoUsable({ ...valid, clientId: '' })).toBe(false);
    expect(ssoUsable({ ...valid, issuer: 'http://sso.example.com' })).toBe(false);
  });
});

describe('SSO redirect and failures', () => {
  it('registers the app address when set, else the request origin', () => {
    expect(ssoRedirectUri('https://jornada.example.com/', 'http://10.0.0.2:4321')).toBe('https://jornada.example.com/api/auth/oidc/callback');
    expect(ssoRedirectUri('', 'http://127.0.0.1:4321')).toBe('http://127.0.0.1:4321/api/auth/oidc/callback');
  });

  it('knows only its failure codes', () => {
    expect(isSsoFailure('state')).toBe(true);
    expect(isSsoFailure('<script>')).toBe(false);
    expect(isSsoFailure(null)).toBe(false);
  });
});
