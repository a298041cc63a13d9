import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientMessages, flatten, keyLiterals, loadCatalogs, LANGUAGES } from '../../scripts/client-messages.mjs';

/**
 * The browser's messages (decision 098): each client module brings the messages of the key
 * literals it names. These tests walk the modules the browser can load, from the islands and the
 * client scripts, and check that the build's plugin gives each one every key it names, with its
 * plural and context forms, in both languages.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SRC = path.join(ROOT, 'src');
const aliases: Record<string, string> = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).imports;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

function resolve(from: string, spec: string): string | null {
  let target: string;
  if (spec.startsWith('.')) target = path.resolve(path.dirname(from), spec);
  else if (spec.startsWith('#')) {
    const prefix = spec.slice(0, spec.indexOf('/'));
    const pattern = aliases[`${prefix}/*`];
    if (!pattern) return null;
    target = path.resolve(ROOT, pattern.replace('*', spec.slice(prefix.length + 1)));
  } else return null;
  return [target, `${target}.ts`, `${target}.tsx`].find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

// Value imports only (`import type` brings no code): static, re-exports, side-effect and dynamic.
const IMPORT = /(?:^|[^.\w$])(?:import|export)\s+(type\s+)?(?:[\w$*{}\s,]*?\bfrom\s*)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
const SCRIPT = /<script(?![^>]*is:inline)[^>]*>([\s\S]*?)<\/script>/g;

/** Every module of src/ the browser can load, with the id the client build gives it. */
function clientModules(): { id: string; code: string }[] {
  const all = files(SRC);
  const modules: { id: string; code: string }[] = [];
  const queue: { id: string; code: string }[] = [];
  for (const file of all.filter((f) => f.endsWith('.tsx') || f.startsWith(path.join(SRC, 'lib', 'client') + path.sep))) queue.push({ id: file, code: readFileSync(file, 'utf8') });
  for (const file of all.filter((f) => f.endsWith('.astro'))) {
    [...readFileSync(file, 'utf8').matchAll(SCRIPT)].forEach((m, i) => queue.push({ id: `${file}?astro&type=script&index=${i}&lang.ts`, code: m[1]! }));
  }
  const seen = new Set<string>();
  while (queue.length) {
    const module = queue.pop()!;
    if (seen.has(module.id)) continue;
    seen.add(module.id);
    modules.push(module);
    for (const m of module.code.matchAll(IMPORT)) {
      if (m[1]) continue;
      const file = resolve(module.id.split('?')[0]!, (m[2] ?? m[3])!);
      if (file && /\.(ts|tsx)$/.test(file) && !seen.has(file)) queue.push({ id: file, code: readFileSync(file, 'utf8') });
    }
  }
  return modules;
}

const modules = clientModules();
const catalogs = loadCatalogs();
const plugin = clientMessages();
const context = { addWatchFile: () => {} };

/** The messages the plugin prepends to a module, per language, as dotted keys. */
function provided(id: string, code: string): Record<string, Set<string>> {
  const out = (plugin.transform as (this: unknown, code: string, id: string) => { code: string } | null).call(context, code, id);
  // The plugin prepends one statement to the code, which follows unchanged.
  const prepended = out ? out.code.slice(0, out.code.length - code.length) : '';
  expect(out ? out.code.endsWith(code) : true).toBe(true);
  const json = /__jornadaProvideMessages\((.*)\);$/.exec(prepended)?.[1];
  const messages = json ? JSON.parse(json) : {};
  return Object.fromEntries(LANGUAGES.map((lang: string) => [lang, new Set(flatten(messages[lang] ?? {}).keys())]));
}

describe('the browser’s messages', () => {
  it('finds the client modules (islands, their domain modules, the layouts’ scripts)', () => {
    const ids = modules.map((m) => path.relative(ROOT, m.id));
    expect(ids).toContain('src/components/islands/leave/LeaveList.tsx');
    expect(ids).toContain('src/domain/roster/roster-warning-text.ts');
    expect(ids.some((id) => id.startsWith('src/layouts/AppLayout.astro?astro&type=script'))).toBe(true);
    expect(ids.filter((id) => id.startsWith('src/server/'))).toEqual([]);
  });

  it('each client module brings every key it names, with its plural and context forms, in both languages', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const { id, code } of modules) {
      const got = provided(id, code);
      for (const literal of keyLiterals(code) as Set<string>) {
        for (const lang of LANGUAGES as readonly string[]) {
          // The literal as a key of either language, and each form of it (`key_one`, `key_openFrom`).
          const wanted = new Set<string>();
          for (const l of LANGUAGES as readonly string[]) {
            if (catalogs[l]!.leaves.has(literal)) wanted.add(literal);
            for (const form of catalogs[l]!.forms.get(literal) ?? []) wanted.add(form);
          }
          for (const key of wanted) {
            checked++;
            if (!got[lang]!.has(key)) missing.push(`${path.relative(ROOT, id)}: ${key} (${lang})`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect(missing).toEqual([]);
  });

  it('a plural key brings its forms', () => {
    const code = `t('rosterGrid.claims', { count: 2 })`;
    const got = provided(path.join(SRC, 'components', 'islands', 'roster', 'Example.tsx'), code);
    for (const lang of LANGUAGES as readonly string[]) expect([...got[lang]!].sort()).toEqual(['rosterGrid.claims_one', 'rosterGrid.claims_other']);
  });

  it('the server build is left alone (it has the whole catalog), and so is an .astro file’s frontmatter', () => {
    const applies = plugin.applyToEnvironment as (environment: { name: string }) => boolean;
    expect(applies({ name: 'client' })).toBe(true);
    expect(applies({ name: 'ssr' })).toBe(false);
    expect(provided(path.join(SRC, 'pages', 'users.astro'), `t('errors.notFound')`)['es']!.size).toBe(0);
  });

  it('client code builds no key from a template string (its messages would not be found)', () => {
    const built = modules.filter((m) => /\bt\(\s*`[^`]*\$\{/.test(m.code)).map((m) => path.relative(ROOT, m.id));
    expect(built).toEqual([]);
  });

  it('no island translates a key that came as data (an answer’s `code`): it translates through the module that names the keys', () => {
    const fromData = modules.filter((m) => /\bt\(\s*\w+\.code\b/.test(m.code)).map((m) => path.relative(ROOT, m.id));
    expect(fromData).toEqual([]);
  });

  it('the catalogs are whole on the server and the client catalog is much smaller', () => {
    const clientKeys = new Set<string>();
    for (const { id, code } of modules) for (const key of provided(id, code)['en']!) clientKeys.add(key);
    const all = flatten(JSON.parse(readFileSync(path.join(SRC, 'i18n', 'en.json'), 'utf8'))).size;
    expect(clientKeys.size).toBeGreaterThan(500);
    expect(clientKeys.size).toBeLessThan(all);
  });
});
