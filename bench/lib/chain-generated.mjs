// Chains the rows a bench generator wrote straight into the SQLite file (scripts/generate-bench-data.mjs),
// as the app chains every row a figure is read from (decision 033): without it, `jornada verify`
// reports them and `migrate-to-postgres` rightly refuses the copy. For benchmark data only: each
// figure row of the installation that no chain entry records gets one, through the app's own
// repository functions, in id order.
import path from 'node:path';
import { FIGURE_KINDS } from '../../src/domain/record-chain/record-chain.ts';
import { createKysely, openSqlite } from '../../src/server/db/connection.ts';
import { figureRecords } from '../../src/server/db/repositories/record-chain-figures.ts';
import { chainByCompany } from '../../src/server/db/repositories/record-chain.ts';

/** Chains every unchained figure row of DATA_DIR's database (the server must be stopped or idle); how many entries were added. */
export async function chainGeneratedRows(dataDir) {
  const sqlite = openSqlite(path.join(dataDir, 'jornada.db'));
  const db = createKysely(sqlite);
  let added = 0;
  try {
    await db.transaction().execute(async (trx) => {
      for (const kind of FIGURE_KINDS) {
        const chained = new Set((await trx.selectFrom('recordChain').select('refId').where('kind', '=', kind).execute()).map((r) => r.refId));
        const missing = (await figureRecords(trx, kind)).filter((r) => !chained.has(r.refId)).sort((a, b) => a.refId - b.refId);
        await chainByCompany(trx, missing);
        added += missing.length;
      }
    });
  } finally {
    await db.destroy();
  }
  return added;
}
