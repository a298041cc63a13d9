import { PostgresAdapter, type Kysely } from 'kysely';

/** The two database engines Jornada runs on (decision 059): SQLite by default, PostgreSQL when `DATABASE_URL` says so. */
export type Engine = 'sqlite' | 'postgres';

/** `DATABASE_URL` when it names a PostgreSQL database (postgres:// or postgresql://), else undefined. */
export function postgresUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const url = env.DATABASE_URL?.trim();
  return url && /^postgres(ql)?:\/\//i.test(url) ? url : undefined;
}

/** The engine this process is configured for. */
export function configuredEngine(env: NodeJS.ProcessEnv = process.env): Engine {
  return postgresUrl(env) ? 'postgres' : 'sqlite';
}

/** The engine behind a Kysely instance or transaction (migrations and the few dialect switches ask it). */
export function engineOf<DB>(db: Kysely<DB>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
