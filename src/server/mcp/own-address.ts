import type { AddressInfo } from 'node:net';
import type { Language } from '#i18n/languages.ts';
import { httpExecutor, type ApiExecutor } from './api-executor.ts';

/**
 * The address this process serves on, recorded by `serve.ts` once it listens, so `/api/mcp` runs
 * its tools as requests to this same server (decision 096: a loopback rather than an in-process
 * dispatch, because Astro's app is not reachable from an endpoint and a real request passes the
 * request gate, body limits, middleware, route authority and the request log like any client's).
 * An IP literal as the host passes any JORNADA_ALLOWED_HOSTS.
 */
let own: string | undefined;

/** Called by serve.ts when the server listens. */
export function setOwnAddress(address: AddressInfo): void {
  const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  own = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/** The executor of `/api/mcp`: this server by its own address (in `astro dev`, the request's origin). */
export function loopbackExecutor(options: { requestOrigin: string; token: string; lang: Language }): ApiExecutor {
  return httpExecutor({ baseUrl: own ?? options.requestOrigin, token: options.token, lang: options.lang });
}
