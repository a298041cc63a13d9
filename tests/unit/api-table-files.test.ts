import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ROUTES, tablePattern } from '../../src/domain/routing/api-table.ts';

/**
 * The API table (src/domain/routing/api-table.ts) and the endpoint files under src/pages/api list
 * the same endpoints: every exported HTTP method of every file has its table entry (so the
 * middleware guards it), and every table entry has a file exporting its method (no entry left
 * behind by a removed endpoint). `[...path].ts` is the catch-all 404 and is not an endpoint.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const API_DIR = path.join(ROOT, 'src/pages/api');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

function endpointFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return endpointFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/**
 * The table's pattern of an endpoint file: `src/pages/api/employees/[id]/photos/[photoId]/image.ts`
 * -> `/api/employees/{id}/photos/{id}/image` (any `[param]` is `{id}`; `index.ts` is its folder).
 */
function tablePatternOf(file: string): string {
  const segments = path.relative(path.join(ROOT, 'src/pages'), file).replace(/\.ts$/, '').split(path.sep);
  if (segments.at(-1) === 'index') segments.pop();
  // The same mapping the middleware applies to Astro's routePattern.
  return tablePattern(`/${segments.join('/')}`);
}

/** HTTP methods a file exports: `export const GET`, `export async function GET`, `export const { GET, POST } = …`. */
function exportedMethods(source: string): string[] {
  const names = new Set<string>();
  for (const m of source.matchAll(/^export\s+(?:const|let|(?:async\s+)?function)\s+([A-Z]+)\b/gm)) names.add(m[1]!);
  for (const m of source.matchAll(/^export\s+const\s*\{([^}]*)\}/gm)) {
    for (const name of m[1]!.split(',')) names.add(name.split(':')[0]!.trim());
  }
  return METHODS.filter((method) => names.has(method));
}

const key = (method: string, pattern: string) => `${method} ${pattern}`;

const fileEndpoints = endpointFiles(API_DIR)
  .filter((file) => path.basename(file) !== '[...path].ts')
  .flatMap((file) => {
    const pattern = tablePatternOf(file);
    const rel = path.relative(ROOT, file);
    return exportedMethods(readFileSync(file, 'utf8')).map((method) => ({ key: key(method, pattern), rel }));
  });
const tableKeys = API_ROUTES.map((r) => key(r.method, r.pattern));

describe('API table and endpoint files', () => {
  it('maps file paths to table patterns', () => {
    expect(tablePatternOf(path.join(API_DIR, 'employees/[id]/photos/[photoId]/image.ts'))).toBe('/api/employees/{id}/photos/{id}/image');
    expect(tablePatternOf(path.join(API_DIR, 'employees/index.ts'))).toBe('/api/employees');
    expect(tablePatternOf(path.join(API_DIR, 'reports/[report].ts'))).toBe('/api/reports/{id}');
    expect(tablePatternOf(path.join(API_DIR, 'user/login.ts'))).toBe('/api/user/login');
  });

  it('finds the endpoint files and their methods', () => {
    expect(fileEndpoints.length).toBeGreaterThan(50);
    expect(exportedMethods('export const { GET, PATCH, DELETE } = itemEndpoints(r);\nexport const ALL = x;')).toEqual(['GET', 'PATCH', 'DELETE']);
    expect(exportedMethods('export async function GET(): Promise<Response> {}\nexport const POST: APIRoute = x;')).toEqual(['GET', 'POST']);
  });

  it('every method an endpoint file exports has its entry in the API table', () => {
    const missing = fileEndpoints.filter((f) => !tableKeys.includes(f.key)).map((f) => `${f.key} (${f.rel})`);
    expect(missing).toEqual([]);
  });

  it('every API table entry has a file exporting its method', () => {
    const keys = new Set(fileEndpoints.map((f) => f.key));
    expect(tableKeys.filter((k) => !keys.has(k))).toEqual([]);
  });

  it('lists each endpoint once', () => {
    expect(tableKeys.filter((k, i) => tableKeys.indexOf(k) !== i)).toEqual([]);
  });
});
