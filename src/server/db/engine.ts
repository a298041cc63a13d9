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

/** Connections each PostgreSQL app server keeps open (`DATABASE_POOL_SIZE`, default 10). */
export function postgresPoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const size = Number(env.DATABASE_POOL_SIZE);
  return Number.isInteger(size) && size > 0 ? size : 10;
}

/**
 * Batches of clock punches a server commits side by side (group-commit.ts, decision 097): SQLite
 * has one writer; on PostgreSQL a third of the pool, so the rest of it serves reads and other writes.
 */
export function punchWriterLanes(env: NodeJS.ProcessEnv = process.env): number {
  return configuredEngine(env) === 'postgres' ? Math.max(1, Math.floor(postgresPoolSize(env) / 3)) : 1;
}
