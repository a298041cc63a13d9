// Lets each bench file run alone (`node bench/<name>.mjs`) as well as under bench/run.mjs.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatTable, judge, summary } from './verdict.ts';

/** True when the module at `metaUrl` is the script node was started with. */
export const isMain = (metaUrl) => process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(metaUrl);

/** Runs `bench()` (resolving to BudgetInput rows), prints their table; exit code 1 on a FAIL or an error. */
export function runAlone(bench) {
  bench()
    .then((inputs) => {
      const rows = inputs.map(judge);
      console.log(formatTable(rows));
      process.exitCode = summary(rows).failed === 0 ? 0 : 1;
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
