import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/en.json';
import es from '../../src/i18n/es.json';
import { HELP_DOCS, helpHtml, isHelpDoc, withoutTitle } from '../../src/domain/help/help-docs.ts';

/** The in-app help (issue 37, point 11; decision 076). */

const ROOT = path.resolve(import.meta.dirname, '../..');

type Messages = { [key: string]: string | Messages };
const leaves = (m: Messages, prefix = ''): [string, string][] => Object.entries(m).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx|astro)$/.test(f))
    .map((f) => path.join(ROOT, dir, f));
}

describe('help documents', () => {
  it('no message in es or en points a reader at a repository file (docs/…)', () => {
    const named = [...leaves(es as Messages), ...leaves(en as Messages)].filter(([, text]) => /\bdocs\//.test(text)).map(([key]) => key);
    expect(named).toEqual([]);
  });

  it('each help document is a file of docs/ with a title, and has a title and summary in both languages', () => {
    for (const doc of HELP_DOCS) {
      const file = path.join(ROOT, 'docs', `${doc}.md`);
      expect(existsSync(file), doc).toBe(true);
      expect(readFileSync(file, 'utf8')).toMatch(/^# \S/);
      for (const messages of [es, en] as Messages[]) {
        const entry = ((messages['help'] as Messages)['docs'] as Messages)[doc] as Messages;
        expect(entry['title'], doc).toEqual(expect.any(String));
        expect(entry['summary'], doc).toEqual(expect.any(String));
      }
    }
    expect(isHelpDoc('architecture')).toBe(false);
  });

  it('every /help/… address or HelpLink in the sources names a help document', () => {
    const named = sourceFiles('src').flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const paths = [...text.matchAll(/['"`]\/help\/([a-z0-9-]+)/g)].map((m) => m[1]!);
      const links = [...text.matchAll(/<HelpLink doc="([^"]+)"/g)].map((m) => m[1]!);
      return [...paths, ...links].map((slug) => ({ file: path.relative(ROOT, file), slug }));
    });
    expect(named.length).toBeGreaterThanOrEqual(4);
    expect(named.filter(({ slug }) => !isHelpDoc(slug))).toEqual([]);
  });

  it('links between help documents open the help page; other repository files lose the link; the web and anchors stay', () => {
    const html = [
      '<p><a href="backups.md">backups</a>, <a href="single-binary.md#the-cache-folder">cache</a>,',
      '<a href="decisions/016-operations.md">decision 016</a>, <a href="architecture.md">design</a>,',
      '<a href="https://getpino.io">pino</a>, <a href="#logs">logs</a></p><pre><code>x</code></pre>',
    ].join('');
    expect(helpHtml(html)).toBe(
      [
        '<p><a href="/help/backups">backups</a>, <a href="/help/single-binary#the-cache-folder">cache</a>,',
        'decision 016, design,',
        '<a href="https://getpino.io">pino</a>, <a href="#logs">logs</a></p><pre tabindex="0"><code>x</code></pre>',
      ].join(''),
    );
  });

  it('the page shows the title itself: the first heading leaves the body', () => {
    expect(withoutTitle('<h1 id="backups">Backups</h1>\n<p>Text</p><h1>Other</h1>')).toBe('\n<p>Text</p><h1>Other</h1>');
  });
});
