import * as v from 'valibot';

/**
 * Single sign-on with OpenID Connect (issue 40.3, decision 092): one provider per installation.
 * The client secret is kept sealed and never answered (`secretSet` says whether one is stored).
 */
export interface SsoSettings {
  enabled: boolean;
  /** The provider's name on the sign-in button: "Microsoft", "Google", "Keycloak"… */
  displayName: string;
  issuer: string;
  clientId: string;
  /** Plain text in memory only; stored sealed. */
  clientSecret: string;
  /** Create an Employee account, linked by email to its one active employee, on a first sign-in. */
  createAccounts: boolean;
  /** Password sign-in refused to everyone but the SuperAdmin (who always keeps it). */
  passwordOnlySuperAdmin: boolean;
}

export type SsoSettingsView = Omit<SsoSettings, 'clientSecret'> & { secretSet: boolean };

export const EMPTY_SSO_SETTINGS: Readonly<SsoSettings> = {
  enabled: false,
  displayName: '',
  issuer: '',
  clientId: '',
  clientSecret: '',
  createAccounts: false,
  passwordOnlySuperAdmin: false,
};

/** Why an SSO sign-in came back to /sign-in (`?sso=<code>`); each has a message `sso.failure.<code>`. */
export const SSO_FAILURES = ['off', 'state', 'code', 'provider', 'denied', 'busy', 'unverified', 'unknown', 'disabled'] as const;
export type SsoFailure = (typeof SSO_FAILURES)[number];

/** The message of each failure (i18n keys written out: the usage check reads literals). */
export const SSO_FAILURE_MESSAGES: Record<SsoFailure, string> = {
  off: 'sso.failure.off',
  state: 'sso.failure.state',
  code: 'sso.failure.code',
  provider: 'sso.failure.provider',
  denied: 'sso.failure.denied',
  busy: 'sso.failure.busy',
  unverified: 'sso.failure.unverified',
  unknown: 'sso.failure.unknown',
  disabled: 'sso.failure.disabled',
};

export function isSsoFailure(value: unknown): value is SsoFailure {
  return typeof value === 'string' && (SSO_FAILURES as readonly string[]).includes(value);
}

/** Loopback hosts, where an http issuer is allowed (the tests' provider, a local Keycloak). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/** An issuer is an https URL (http only on a loopback host), without credentials, query or fragment. */
export function issuerProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'sso.invalidIssuer';
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') return 'sso.invalidIssuer';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return undefined;
  return 'sso.issuerNotHttps';
}

/** Whether requests to this issuer may go over plain http (openid-client's allowInsecureRequests). */
export function issuerIsInsecureLoopback(issuer: string): boolean {
  try {
    const url = new URL(issuer);
    return url.protocol === 'http:' && isLoopbackHost(url.hostname);
  } catch {
    return false;
  }
}

const text = (max: number) => v.pipe(v.string('validation.required'), v.trim(), v.maxLength(max, 'validation.tooLong'));

/**
 * What PUT /api/settings/sso takes. `clientSecret` absent keeps the stored one; '' clears it.
 * The issuer is kept exactly as typed: the provider's discovery document must name the same one.
 */
export const SsoSettingsInput = v.object({
  enabled: v.boolean('validation.invalidInput'),
  displayName: text(60),
  issuer: v.pipe(
    text(2000),
    v.check((u: string) => u === '' || issuerProblem(u) !== 'sso.invalidIssuer', 'sso.invalidIssuer'),
    v.check((u: string) => u === '' || issuerProblem(u) === undefined, 'sso.issuerNotHttps'),
  ),
  clientId: text(500),
  clientSecret: v.optional(v.pipe(v.string('validation.invalidInput'), v.maxLength(2000, 'validation.tooLong'))),
  createAccounts: v.boolean('validation.invalidInput'),
  passwordOnlySuperAdmin: v.boolean('validation.invalidInput'),
});
export type SsoSettingsInput = v.InferOutput<typeof SsoSettingsInput>;

/** Switched on, the button needs a name, an issuer and a client ID. */
export function ssoSettingsProblems(input: Pick<SsoSettingsInput, 'enabled' | 'displayName' | 'issuer' | 'clientId'>): Record<string, string> {
  if (!input.enabled) return {};
  const problems: Record<string, string> = {};
  for (const key of ['displayName', 'issuer', 'clientId'] as const) if (input[key] === '') problems[key] = 'validation.required';
  return problems;
}

/** SSO is offered on /sign-in only when switched on and complete. */
export function ssoUsable(settings: Pick<SsoSettings, 'enabled' | 'displayName' | 'issuer' | 'clientId'>): boolean {
  return settings.enabled && settings.displayName !== '' && settings.issuer !== '' && settings.clientId !== '' && issuerProblem(settings.issuer) === undefined;
}

/** The address to register at the provider: the app's address for links (Settings › Email), else this request's origin. */
export function ssoRedirectUri(appUrl: string, requestOrigin: string): string {
  return `${(appUrl || requestOrigin).replace(/\/+$/, '')}/api/auth/oidc/callback`;
}
