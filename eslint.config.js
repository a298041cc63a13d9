// ESLint (decision 064): `npm run lint`, and `npm test` runs it beside the tests.
// typescript-eslint's recommended rules without type information (fast), the rules of hooks for the
// React islands, eslint-plugin-astro for .astro files, and the layer boundaries
// (scripts/eslint-layers.mjs).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import layers from './scripts/eslint-layers.mjs';

export default defineConfig([
  globalIgnores(['dist/', 'dist-*/', 'node_modules/', 'data/', '.astro/', 'tests/.tmp/', 'test-results/', 'public/', 'examples/api-client/jornada-api.d.ts']),
  {
    files: ['**/*.{js,mjs,cjs,ts,mts,tsx,astro}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // The codebase's way to drop a field from a copy is `{ field: _field, ...rest }`; an
      // underscore marks a name kept on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, varsIgnorePattern: '^_', argsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      // A `let` that a closure reads before its one assignment (src/binary/main.ts) cannot be a const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // The browser's code: islands, their helpers and the scripts of .astro pages; the benches and
    // e2e tests hand functions to the browser (page.evaluate).
    files: ['src/components/**', 'src/lib/client/**', 'src/**/*.astro', 'bench/**', 'tests/e2e/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Schema-free Kysely: migrations, the migrator, the SQLite-to-PostgreSQL copy and the schema
    // comparison run against the tables as they are in the file, not as schema.ts declares them.
    files: ['src/server/db/migrations/**', 'src/server/db/migrate.ts', 'src/server/db/copy-tables.ts', 'src/server/db/schema-shape.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Tests read the API's JSON answers and documents as `any` and let the assertions check them;
    // typing each answer would restate the API in every test.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // A browser context opened past tests/helpers/browser.ts does not wait for hydration: its first
    // click or Tab after goto can land on inert markup (the race that failed CI at stop 50).
    files: ['tests/e2e/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='newContext'][callee.object.type!='Identifier'][callee.object.type!='MemberExpression']",
          message: 'Open a second browser with launchBrowser().newContext (tests/helpers/browser.ts): its pages wait for hydration.',
        },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  astro.configs['flat/recommended'],
  {
    plugins: { jornada: layers },
    rules: {
      'jornada/layer-boundaries': 'error',
      'jornada/no-deep-relative-import': 'error',
    },
  },
]);
