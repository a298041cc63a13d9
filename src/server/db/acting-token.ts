import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The API token the current request acts through (decision 096). The middleware runs every
 * request made with `Bearer jt_…` inside `actAsToken`, and the one audit writer
 * (`repositories/audit-log.ts`) reads it, so every entry written on that request names the token
 * without any service passing it along (none can forget it).
 */
const acting = new AsyncLocalStorage<number>();

/** Runs `work` (the rest of the request) as done through the token `tokenId`. */
export function actAsToken<T>(tokenId: number, work: () => T): T {
  return acting.run(tokenId, work);
}

/** The token of the request being served, if it came with one. */
export function actingTokenId(): number | undefined {
  return acting.getStore();
}
