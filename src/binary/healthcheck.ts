/**
 * `jornada healthcheck`: asks the running server's GET /api/health on this machine and exits 0
 * when it answers `{"status":"ok"}`, else 1. For container HEALTHCHECKs and service monitors on
 * images without curl; loads nothing of the app, so it is quick and light.
 */

/** The health URL for the server this environment configures (HOST, PORT as `serve()` reads them). */
export function healthUrl(env: NodeJS.ProcessEnv): string {
  let host = env['HOST'] || '127.0.0.1';
  if (host === '0.0.0.0' || host === '::') host = '127.0.0.1';
  if (host.includes(':')) host = `[${host}]`;
  const port = Number(env['PORT'] || 4321);
  return `http://${host}:${port}/api/health`;
}

export async function healthcheck(env: NodeJS.ProcessEnv, timeoutMs = 5000): Promise<number> {
  const url = healthUrl(env);
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    const body = (await response.json().catch(() => null)) as { status?: unknown } | null;
    if (response.ok && body?.status === 'ok') return 0;
    console.error(`${url} answered ${response.status}`);
  } catch (error) {
    console.error(`${url}: ${(error as Error).message}`);
  }
  return 1;
}
