import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { instanceConfig, instanceConfigFile, resetInstanceConfigCache } from '../../src/server/config/instance-config.ts';

/**
 * DATA_DIR/config.json, read and written with node:fs (issue 35, point 5; lowdb held it before):
 * created 0600 with fresh secrets on first start, missing keys filled in and kept, the text as
 * before (JSON, two-space indent), replaced through a temporary 0600 file that does not stay behind.
 */

const root = mkdtempSync(path.join(os.tmpdir(), 'jornada-instance-config-'));
const before = process.env.DATA_DIR;
let dir = '';
let n = 0;

beforeEach(() => {
  dir = path.join(root, String(n++));
  process.env.DATA_DIR = dir;
  resetInstanceConfigCache();
});
afterEach(() => resetInstanceConfigCache());
afterAll(() => {
  if (before === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = before;
  rmSync(root, { recursive: true, force: true });
});

const mode = (file: string) => statSync(file).mode & 0o777;

describe('instanceConfig', () => {
  it('creates config.json 0600 with a session password, a PIN pepper and its creation time', () => {
    const config = instanceConfig();
    const file = instanceConfigFile();
    expect(file).toBe(path.join(dir, 'config.json'));
    expect(config.sessionPassword.length).toBeGreaterThanOrEqual(32);
    expect(config.pinPepper.length).toBeGreaterThanOrEqual(32);
    expect(config.sessionPassword).not.toBe(config.pinPepper);
    expect(Number.isNaN(Date.parse(config.createdAt))).toBe(false);
    expect(mode(file)).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toBe(JSON.stringify(config, null, 2));
    expect(readdirSync(dir)).toEqual(['config.json']);
  });

  it('reads the same secrets back and leaves a complete file untouched', () => {
    const first = instanceConfig();
    const file = instanceConfigFile();
    const text = readFileSync(file, 'utf8');
    const inode = statSync(file).ino;
    resetInstanceConfigCache();
    expect(instanceConfig()).toEqual(first);
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(statSync(file).ino, 'not rewritten').toBe(inode);
  });

  it("fills in missing or empty keys, keeps the others (a later version's too) and tightens the mode", () => {
    const file = instanceConfigFile();
    const pepper = 'p'.repeat(43);
    writeFileSync(file, JSON.stringify({ pinPepper: pepper, sessionPassword: '', extra: 7 }));
    chmodSync(file, 0o644);
    const config = instanceConfig();
    expect(config.pinPepper).toBe(pepper);
    expect(config.sessionPassword.length).toBeGreaterThanOrEqual(32);
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    expect(stored).toEqual({ pinPepper: pepper, sessionPassword: config.sessionPassword, extra: 7, createdAt: config.createdAt });
    expect(mode(file)).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['config.json']);
  });

  it('reads a file holding null as empty, as before', () => {
    writeFileSync(instanceConfigFile(), 'null', { mode: 0o600 });
    expect(instanceConfig().pinPepper.length).toBeGreaterThanOrEqual(32);
  });

  it('throws on text that is not JSON and leaves the file as it was (the start checks it first)', () => {
    const file = instanceConfigFile();
    writeFileSync(file, '{"pinPepper": ', { mode: 0o600 });
    expect(() => instanceConfig()).toThrow(SyntaxError);
    expect(readFileSync(file, 'utf8')).toBe('{"pinPepper": ');
  });

  it('keeps what it read for the process', () => {
    const first = instanceConfig();
    writeFileSync(instanceConfigFile(), '{}');
    expect(instanceConfig()).toBe(first);
  });
});
