import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The integration files that also run on PostgreSQL: those about the engine (its SQL, transactions,
 * locks, shared state, migrations). One per line, `# why` after it.
 */
const onPostgres = readFileSync(new URL('./tests/integration/postgres.txt', import.meta.url), 'utf8')
  .split('\n')
  .map((line) => line.replace(/#.*/, '').trim())
  .filter(Boolean)
  .map((file) => `tests/integration/${file}`);

/** The e2e files that play Chromium's fake camera to the face pipeline (tests/helpers/fake-camera.ts). */
const CAMERA = ['clock-kiosk-loading', 'clock-kiosk', 'content-security-policy', 'employee-photos', 'kiosk-liveness'].map((name) => `tests/e2e/${name}.test.ts`);

/** The throwaway cluster scripts/test.mjs started for this run (decision 059), if any. */
const postgresCluster = process.env.JORNADA_TEST_POSTGRES_CLUSTER;

/**
 * Four layers (docs/architecture.md, Tests): unit (pure domain and small server modules), service (services
 * called in-process against a migrated temporary SQLite file, tests/helpers/service-db.ts), integration (the
 * built server over HTTP with a fresh DATA_DIR per file), e2e (Chromium through playwright-core). The
 * integration files about the engine (tests/integration/postgres.txt) run again on PostgreSQL
 * (integration-pg) when scripts/test.mjs started a cluster.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on CI's 2 cores. An integration file
    // waits on its server process most of the time, so two files at once keep both cores busy
    // (issue 35: CI under 1,500 s).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        // A limit against hangs, not a speed check: at a load of 15 on 2 cores a PDF render or the
        // OpenAPI validation took 6–9 s (the default 5 s failed the proof run of issue 35).
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 30_000 },
      },
      {
        test: { name: 'service', include: ['tests/service/**/*.test.ts'], environment: 'node', testTimeout: 30_000 },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // Generous: two files share the two cores, and a limit only matters when a test fails.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgresCluster
        ? [
            {
              test: {
                name: 'integration-pg',
                include: onPostgres,
                environment: 'node' as const,
                // The tests' own reads go through psql here (about 100 ms each): the security
                // matrix fingerprints the database twice per refused route.
                testTimeout: 120_000,
                hookTimeout: 90_000,
                env: { JORNADA_TEST_POSTGRES: postgresCluster },
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: CAMERA,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // Two files at once, like the other layers: each has its own server, data directory and
          // browser, and waits on them most of the time (issue 35: CI under 1,500 s).
        },
      },
      {
        // The files whose face pipeline judges a camera in real time (liveness turns, frame rates):
        // one at a time, after the other e2e files, so that no other browser competes for the CPU.
        // `npm test`'s e2e layer runs both projects.
        test: {
          name: 'e2e-camera',
          include: CAMERA,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
