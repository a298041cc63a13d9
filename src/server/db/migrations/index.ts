import type { Kysely } from 'kysely';
import * as m0001 from './0001-initial-schema.ts';

export interface Migration {
  up(db: Kysely<any>): Promise<void>;
}

/**
 * Every migration, in order, bundled with the build (no files are read at run time).
 * Append only: never edit or reorder a migration that has shipped.
 */
export const migrations: ReadonlyArray<readonly [name: string, migration: Migration]> = [
  ['0001-initial-schema', m0001],
];
