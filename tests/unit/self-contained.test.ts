import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Text files of the repository (tracked or new, not ignored). */
function repositoryTextFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  return out
    .split('\n')
    .filter((f) => f && /\.(ts|tsx|mjs|js|astro|json|md|css|sh|yml|yaml)$|^\.ci\/run$|^Dockerfile$/.test(f))
    .filter((f) => f !== 'package-lock.json' && f !== 'tests/unit/self-contained.test.ts');
}

/**
 * A fresh clone with nothing beside it must build, test and read well: no file may point to a
 * folder beside the repository (the face fixtures and the design now live inside it).
 */
describe('the repository stands alone', () => {
  const outside = [/\.\.\/shared\b/, /'\.\.',\s*'shared'/, /\bDESIGN\.md\b/, /spec\/000_/];

  it('no file refers to anything outside the repository', () => {
    const offenders: string[] = [];
    for (const file of repositoryTextFiles()) {
      let text: string;
      try {
        text = readFileSync(path.join(ROOT, file), 'utf8');
      } catch {
        continue; // deleted in the working tree
      }
      text.split('\n').forEach((line, i) => {
        if (outside.some((re) => re.test(line))) offenders.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`);
      });
    }
    expect(offenders).toEqual([]);
  });

  it('the face fixtures are in the repository', () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'tests/fixtures/faces'], { cwd: ROOT, encoding: 'utf8' });
    for (const name of ['amy1.png', 'no-face.png', 'group.jpg', 'README.md']) expect(files).toContain(`tests/fixtures/faces/${name}`);
  });
});
