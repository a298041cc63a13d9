import { defineConfig } from 'vitest/config';

/**
 * Four layers (docs/architecture.md, Tests): unit (pure domain and small server modules), service (services
 * called in-process against a migrated temporary SQLite file, tests/helpers/service-db.ts), integration (the
 * built server over HTTP with a fresh DATA_DIR per file), e2e (Chromium through playwright-core).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        test: { name: 'service', include: ['tests/service/**/*.test.ts'], environment: 'node', testTimeout: 10_000 },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
