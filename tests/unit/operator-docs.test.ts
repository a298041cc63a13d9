import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The operator documents agree with each other (issue 19, point 7): one DATA_DIR in every systemd
 * unit, backup command and cron line; secrets in an EnvironmentFile created 0600; the Raspberry Pi
 * guide never installs Debian's Node (too old for Jornada). A copy-and-paste from one guide must
 * work with what another guide set up.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SERVICE_DATA_DIR = '/var/lib/jornada';
const SERVICE_CACHE_DIR = '/var/cache/jornada';

const docs = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
].map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }));

function codeBlocks(text: string): string[] {
  return [...text.matchAll(/```[a-z]*\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

const units = docs.flatMap(({ file, text }) =>
  codeBlocks(text)
    .filter((b) => b.includes('[Service]'))
    .map((unit) => ({ file, text, unit })),
);

describe('operator documents', () => {
  it('have systemd units for the binary and the Raspberry Pi', () => {
    expect(units.map((u) => u.file).sort()).toEqual(expect.arrayContaining(['docs/raspberry-pi.md', 'docs/single-binary.md']));
  });

  it.each(units.map((u) => [u.file, u] as const))('%s: the unit uses the one DATA_DIR, the cache folder and a 0600 EnvironmentFile', (_file, { text, unit }) => {
    expect(unit).toContain(`Environment=DATA_DIR=${SERVICE_DATA_DIR}\n`);
    expect(unit).toContain(`Environment=JORNADA_CACHE_DIR=${SERVICE_CACHE_DIR}\n`);
    const envFile = /^EnvironmentFile=(\S+)$/m.exec(unit)?.[1];
    expect(envFile, 'secrets come from an EnvironmentFile').toBeDefined();
    // The same document creates it readable by root only before anything is written into it.
    expect(text).toContain(`install -m 600 /dev/null ${envFile}`);
    expect(unit, 'no secret inline in the unit').not.toMatch(/^Environment=JORNADA_ADMIN_PASSWORD/m);
  });

  it('name no other absolute DATA_DIR than the service one (Docker: /data; trials under /tmp)', () => {
    const found = docs.flatMap(({ file, text }) => [...text.matchAll(/DATA_DIR=(\/[^\s`'")]+)/g)].map((m) => ({ file, dir: m[1]!.replace(/[.,;]$/, '') })));
    expect(found.length).toBeGreaterThan(5);
    const odd = found.filter(({ dir }) => dir !== SERVICE_DATA_DIR && dir !== '/data' && !dir.startsWith('/tmp/'));
    expect(odd).toEqual([]);
  });

  it('point every cron line and backup folder at the service DATA_DIR', () => {
    const cron = docs.flatMap(({ file, text }) =>
      text
        .split('\n')
        .filter((l) => /^[\d*]+ [\d*]+ [\d*]+ [\d*]+ [\d*]+ /.test(l))
        .map((line) => ({ file, line })),
    );
    expect(cron.length).toBeGreaterThan(0);
    for (const { line } of cron) {
      for (const p of line.match(/\/var\/lib\/\S+/g) ?? []) expect(p.startsWith(`${SERVICE_DATA_DIR}/`) || p === SERVICE_DATA_DIR).toBe(true);
    }
    const paths = docs.flatMap(({ text }) => text.match(/\/var\/lib\/jornada[^\s`'")]*/g) ?? []);
    expect(paths.filter((p) => p.startsWith('/var/lib/jornada/data'))).toEqual([]);
  });

  it('never tell the Raspberry Pi to install Debian Node or npm, nor to build there', () => {
    const pi = docs.find((d) => d.file === 'docs/raspberry-pi.md')!.text;
    const installs = pi.split('\n').filter((l) => /apt(-get)?\s+install/.test(l));
    for (const line of installs) expect(line).not.toMatch(/\b(nodejs|npm)\b/);
    // npm runs only where the arm64 binary is cross-built (an x64 computer), never on the Pi.
    const npmBlocks = codeBlocks(pi).filter((b) => /^\s*(sudo\s+(-u\s+\S+\s+)?)?npm\s/m.test(b));
    expect(npmBlocks.length).toBeGreaterThan(0);
    for (const block of npmBlocks) expect(block).toContain('npm run build:binary -- --target linux-arm64');
  });
});
