/**
 * The little of `oidc-provider` (a dev dependency without its own types) that
 * tests/helpers/oidc-test-provider.ts uses.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface KoaContextWithOIDC {
    oidc: {
      provider: Provider;
      client?: { clientId: string };
      session?: { accountId?: string };
    };
  }

  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    Grant: new (input: { clientId: string; accountId: string }) => Grant;
    AuthorizationCode: { find(code: string): Promise<{ destroy(): Promise<void> } | undefined> };
  }
}
