import net from 'node:net';
import { readEnvironment } from '../config/environment.ts';
import { ConfigurationError } from '../config/configuration-error.ts';

/**
 * Fails fast when another program already listens on HOST:PORT (decision 079): called by boot()
 * before the database is opened, so a port conflict stops the start before any migration runs,
 * instead of after an upgrade has already changed the database. It binds the port for a moment and
 * lets it go; only "address in use" is decided here (a port the process may not bind is reported
 * by the real listen, as before). Between this check and the listen another program could still
 * take the port: serve() then reports it as before.
 */
export async function assertPortFree(env: Readonly<Record<string, string | undefined>> = process.env): Promise<void> {
  const { port, host } = readEnvironment(env).values;
  if (port === 0) return;
  const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
    const probe = net.createServer();
    probe.once('error', (e: NodeJS.ErrnoException) => resolve(e));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(null)));
  });
  if (error?.code === 'EADDRINUSE') {
    throw new ConfigurationError(
      `port ${port} on ${host} is already in use by another program (another Jornada?). Nothing was changed: the database was not opened or upgraded. Stop that program, or set PORT to a free port, then start again.`,
    );
  }
}
