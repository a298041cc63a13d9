import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every path the documents name exists (issue 35, point 5). A backticked `src/…`, `tests/…`,
 * `scripts/…`, `bench/…` or `docs/…` path in README.md or docs/**\/*.md — the whole code span or a
 * word of it, as in `node bench/run.mjs` — must be a file or folder of the repository, so a moved or
 * deleted file is found when it moves, not by a reader months later. Not checked: patterns and
 * placeholders (`*`, `…`, `NNN`, `<x>`, `[x]`), which name no one file; paths the repository
 * ignores (.gitignore: outputs of a run such as `tests/.tmp/…`). Braces are expanded:
 * `tests/{unit,e2e}` names both folders.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const CHECKED = /(?:^|[\s(=:'"])((?:src|tests|scripts|bench|docs)\/[^\s`'"();]*)/g;
const PLACEHOLDER = /[*…<>[\]]|\.\.\.|NNN|YYYY/;

function markdownFiles(): string[] {
  const docs = readdirSync(path.join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f.split(path.sep).join('/')}`);
  return ['README.md', ...docs.sort()];
}

/** The folders and files .gitignore names (lines without a pattern), as path prefixes. */
function ignoredPrefixes(): string[] {
  return readFileSync(path.join(ROOT, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && !/[*?[!]/.test(line))
    .map((line) => line.replace(/^\//, ''));
}

/** `a/{b,c}/d` → `a/b/d`, `a/c/d` (nested braces too). */
function expandBraces(p: string): string[] {
  const m = /\{([^{}]*)\}/.exec(p);
  if (!m) return [p];
  return m[1]!.split(',').flatMap((part) => expandBraces(p.slice(0, m.index) + part + p.slice(m.index + m[0].length)));
}

/** The checked paths named in one document's inline code spans, with their line numbers. */
function namedPaths(text: string): { line: number; path: string }[] {
  const withoutFences = text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ' '));
  const found: { line: number; path: string }[] = [];
  for (const span of withoutFences.matchAll(/`([^`\n]+)`/g)) {
    const line = withoutFences.slice(0, span.index).split('\n').length;
    for (const word of span[1]!.matchAll(CHECKED)) {
      const named = word[1]!
        .replace(/#.*$/, '')
        .replace(/:\d+(?::\d+)?$/, '')
        .replace(/[.,:]$/, '');
      if (PLACEHOLDER.test(named)) continue;
      for (const p of expandBraces(named)) found.push({ line, path: p });
    }
  }
  return found;
}

describe('paths named in the documents', () => {
  const ignored = ignoredPrefixes();
  const named = markdownFiles().flatMap((file) => namedPaths(readFileSync(path.join(ROOT, file), 'utf8')).map((n) => ({ file, ...n })));

  it('finds the paths to check (the scan works)', () => {
    expect(named.length).toBeGreaterThan(300);
    expect(named).toContainEqual(expect.objectContaining({ file: 'docs/architecture.md', path: 'src/domain/clock/clock-engine.ts' }));
  });

  it('name files and folders that exist', () => {
    const missing = named
      .filter(({ path: p }) => !ignored.some((prefix) => p === prefix.replace(/\/$/, '') || p.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`)))
      .filter(({ path: p }) => !existsSync(path.join(ROOT, p)))
      .map(({ file, line, path: p }) => `${file}:${line}: ${p}`);
    expect(missing, 'correct the path, or say the thing was removed without backticking a path').toEqual([]);
  });
});

describe('the scan', () => {
  it('reads every word of a code span, skips patterns and fenced blocks, expands braces', () => {
    const text = [
      'See `src/a.ts` and `node bench/run.mjs --from tests/x.json`.',
      '`docs/decisions/NNN-title.md`, `bench/*.mjs`, `src/…`, `scripts/smoke.mjs [binary]`',
      '```sh',
      'node `scripts/in-a-fence.mjs`',
      '```',
      '`tests/{unit,e2e}` and `src/b.ts:12` and not src/c.ts',
    ].join('\n');
    expect(namedPaths(text)).toEqual([
      { line: 1, path: 'src/a.ts' },
      { line: 1, path: 'bench/run.mjs' },
      { line: 1, path: 'tests/x.json' },
      { line: 2, path: 'scripts/smoke.mjs' },
      { line: 6, path: 'tests/unit' },
      { line: 6, path: 'tests/e2e' },
      { line: 6, path: 'src/b.ts' },
    ]);
  });
});
