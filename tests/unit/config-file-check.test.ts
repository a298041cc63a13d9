import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkInstanceConfigFile, configTextProblem } from '../../src/server/config/config-file-check.ts';
import { isConfigurationError } from '../../src/server/config/configuration-error.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'jornada-config-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('configTextProblem (DATA_DIR/config.json before it is read)', () => {
  it('accepts what instance-config.ts writes and fills in', () => {
    expect(configTextProblem('{}')).toBeUndefined();
    expect(configTextProblem(JSON.stringify({ sessionPassword: 'x'.repeat(43), pinPepper: 'p'.repeat(43), createdAt: '2026-01-01T00:00:00Z' }))).toBeUndefined();
    // Keys added by later versions are not this check's business.
    expect(configTextProblem(JSON.stringify({ sessionPassword: 'x'.repeat(32), other: 1 }))).toBeUndefined();
  });

  it('names what is wrong', () => {
    expect(configTextProblem('')).toBe('is empty');
    expect(configTextProblem('{"sessionPassword": ')).toMatch(/^is not valid JSON \(/);
    expect(configTextProblem('[]')).toBe('is not a JSON object');
    expect(configTextProblem('null')).toBe('is not a JSON object');
    expect(configTextProblem('{"pinPepper": 42}')).toBe('has a "pinPepper" that is not a string');
    expect(configTextProblem('{"sessionPassword": "short"}')).toBe('has a "sessionPassword" shorter than 32 characters');
  });
});

describe('checkInstanceConfigFile', () => {
  it('lets a missing or sound file pass', () => {
    expect(() => checkInstanceConfigFile(path.join(dir, 'missing.json'))).not.toThrow();
    const sound = path.join(dir, 'sound.json');
    writeFileSync(sound, '{}');
    expect(() => checkInstanceConfigFile(sound)).not.toThrow();
  });

  it('throws a ConfigurationError naming the file and what to do', () => {
    const file = path.join(dir, 'config.json');
    writeFileSync(file, '{"sessionPassword": "abc');
    let caught: unknown;
    try {
      checkInstanceConfigFile(file);
    } catch (error) {
      caught = error;
    }
    expect(isConfigurationError(caught)).toBe(true);
    expect((caught as Error).message).toContain(`${file} is not valid JSON`);
    expect((caught as Error).message).toMatch(/restore it from a copy or a backup/);
    expect((caught as Error).message).not.toContain('\n');
  });
});
