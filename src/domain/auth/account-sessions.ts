/**
 * "Your sessions" in account settings (decision 093): what `GET /api/account/sessions` answers and
 * how the screen names each way of signing in. Pure, shared by the server and the island.
 */

/** One live session of the signed-in account. */
export interface AccountSessionDto {
  /** Its public name (never the secret session id): what `DELETE /api/account/sessions/{id}` takes. */
  id: string;
  /** Browser and system ("Chrome 131 · Android"), `?` when unknown. */
  device: string;
  address: string | null;
  /** Signed in (ISO). */
  createdAt: string;
  /** Last request (ISO), written at most once a minute. */
  lastSeenAt: string | null;
  /** How it was signed in (`SignInMethod`), null for sessions older than the column. */
  method: string | null;
  /** The session making this request ("This device"). */
  current: boolean;
}

/** i18n key of each sign-in method; anything else (older sessions) reads as unknown. */
const METHOD_LABELS: Readonly<Record<string, string>> = {
  password: 'sessions.method.password',
  'password+totp': 'sessions.method.passwordTotp',
  'password+recovery': 'sessions.method.passwordRecovery',
  'password+passkey': 'sessions.method.passwordPasskey',
  passkey: 'sessions.method.passkey',
  oidc: 'sessions.method.oidc',
};

export function signInMethodLabel(method: string | null): string {
  return (method !== null && METHOD_LABELS[method]) || 'sessions.method.unknown';
}
