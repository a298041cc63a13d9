import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import layers, { resolveImport, root } from '../../scripts/eslint-layers.mjs';

/**
 * The layer boundaries as lint rules (decision 064, scripts/eslint-layers.mjs): each case lints one
 * line as if it were written in the named file, so the rule is shown to refuse what it must (both as
 * a relative path and through a package.json alias) and to let the rest through. `npm test` runs
 * the rules over the whole code (eslint, beside the tests).
 */

const linter = new Linter({ cwd: root });
const config = [
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs'],
    languageOptions: { parser: tseslint.parser },
    plugins: { jornada: layers },
    rules: { 'jornada/layer-boundaries': 'error' as const, 'jornada/no-deep-relative-import': 'error' as const },
  },
];

/** The rules that fire on `code` written in `file` (a path from the repository root). */
function fired(file: string, code: string): string[] {
  const messages = linter.verify(code, config, { filename: path.join(root, file) });
  const broken = messages.filter((m) => m.fatal);
  if (broken.length > 0) throw new Error(broken.map((m) => m.message).join('; '));
  return messages.map((m) => m.ruleId ?? '');
}
const refused = (file: string, code: string) => expect(fired(file, code), `${file}: ${code}`).toContain('jornada/layer-boundaries');
const allowed = (file: string, code: string) => expect(fired(file, code), `${file}: ${code}`).toEqual([]);

describe('layer boundaries', () => {
  it('resolves relative imports and the package.json aliases to repository paths', () => {
    const from = path.join(root, 'src/domain/clock/clock-engine.ts');
    expect(resolveImport('../../server/db/connection.ts', from)).toBe('src/server/db/connection.ts');
    expect(resolveImport('#server/db/connection.ts', from)).toBe('src/server/db/connection.ts');
    expect(resolveImport('#i18n/translate.ts', from)).toBe('src/i18n/translate.ts');
    expect(resolveImport('./shift-window.ts', from)).toBe('src/domain/clock/shift-window.ts');
    expect(resolveImport('#package.json', from)).toBe('package.json');
    expect(resolveImport('valibot', from)).toBeNull();
    expect(resolveImport('node:crypto', from)).toBeNull();
  });

  it('the domain imports only the domain and i18n (and packages)', () => {
    const file = 'src/domain/clock/example.ts';
    refused(file, "import { getDb } from '#server/db/connection.ts';");
    refused(file, "import { getDb } from '../../server/db/connection.ts';");
    refused(file, "import type { Db } from '#server/db/connection.ts';");
    refused(file, "export { api } from '#lib/client/api.ts';");
    refused(file, "export * from '../../lib/client/api.ts';");
    refused(file, "const m = await import('#components/islands/ui/DataTable.tsx');");
    refused(file, "type Db = import('#server/db/connection.ts').Db;");
    refused(file, "import pkg from '#package.json';");
    allowed(file, "import { shiftWindow } from '../schedules/shift-window.ts';");
    allowed(file, "import { isRestDay } from '#domain/worktime/rest-day.ts';");
    allowed(file, "import { translate } from '../../i18n/translate.ts';");
    allowed(file, "import { translate } from '#i18n/translate.ts';");
    allowed(file, "import * as v from 'valibot';");
    allowed(file, "import { createHash } from 'node:crypto';");
  });

  it('islands and the browser helpers never import the server', () => {
    for (const file of ['src/components/islands/ui/Example.tsx', 'src/lib/client/example.ts']) {
      refused(file, "import { nowMs } from '#server/clock/now.ts';");
      refused(file, "import type { Db } from '#server/db/connection.ts';");
      refused(file, "const m = await import('#server/services/punch/record-punch.ts');");
      allowed(file, "import { api } from '#lib/client/api.ts';");
      allowed(file, "import type { UserDto } from '#domain/api/records.ts';");
    }
    refused('src/components/islands/Example.tsx', "import { nowMs } from '../../server/clock/now.ts';");
    refused('src/lib/client/example.ts', "import { nowMs } from '../../server/clock/now.ts';");
    // Server-rendered code may: a page's or a layout's TypeScript is not an island.
    allowed('src/pages/api/example.ts', "import { nowMs } from '#server/clock/now.ts';");
  });

  it('db is the bottom layer: no service, HTTP edge or auth; the business clock is allowed', () => {
    const file = 'src/server/db/repositories/example.ts';
    refused(file, "import { recordPunch } from '../../services/punch/record-punch.ts';");
    refused(file, "import { recordPunch } from '#server/services/punch/record-punch.ts';");
    refused(file, "import { AppError } from '#server/http/app-error.ts';");
    refused(file, "import { AppError } from '../../http/app-error.ts';");
    refused(file, "import { hashPassword } from '#server/auth/passwords.ts';");
    allowed(file, "import { nowIso } from '#server/clock/now.ts';");
    allowed(file, "import { nowIso } from '../../clock/now.ts';");
    allowed(file, "import type { Db } from '../connection.ts';");
    allowed(file, "import { dayFigures } from '#domain/worktime/day-figures.ts';");
    // A service may import db.
    allowed('src/server/services/punch/example.ts', "import { getDb } from '#server/db/connection.ts';");
  });

  it('a relative import climbs at most two folders', () => {
    const deep = (file: string, code: string) => expect(fired(file, code)).toContain('jornada/no-deep-relative-import');
    deep('tests/unit/sub/example.test.ts', "import { x } from '../../../src/domain/x.ts';");
    deep('src/server/services/punch/example.ts', "const m = await import('../../../domain/x.ts');");
    deep('src/server/services/punch/example.ts', "export * from '../../..';");
    allowed('src/server/services/punch/example.ts', "import { getDb } from '../../db/connection.ts';");
    allowed('tests/unit/example.test.ts', "import { x } from '../../src/domain/x.ts';");
  });
});
