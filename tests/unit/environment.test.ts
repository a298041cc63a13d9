import { describe, expect, it } from 'vitest';
import { LOG_LEVELS, parseLogLevel, readEnvironment } from '../../src/server/config/environment.ts';

describe('readEnvironment (PORT, HOST, LOG_LEVEL checked before the start)', () => {
  it('gives the defaults for an empty environment, and for empty values', () => {
    const defaults = { values: { port: 4321, host: '0.0.0.0', logLevel: 'info' }, problems: [] };
    expect(readEnvironment({})).toEqual(defaults);
    expect(readEnvironment({ PORT: '', HOST: '', LOG_LEVEL: '' })).toEqual(defaults);
  });

  it('takes valid values', () => {
    expect(readEnvironment({ PORT: '8080', HOST: '127.0.0.1', LOG_LEVEL: 'debug' })).toEqual({
      values: { port: 8080, host: '127.0.0.1', logLevel: 'debug' },
      problems: [],
    });
    for (const host of ['::', '::1', '0.0.0.0', 'localhost', 'jornada.lan', 'fichajes.example.com']) {
      expect(readEnvironment({ HOST: host }).problems, host).toEqual([]);
    }
    for (const level of LOG_LEVELS) expect(readEnvironment({ LOG_LEVEL: level }).values.logLevel).toBe(level);
    expect(readEnvironment({ PORT: '1' }).values.port).toBe(1);
    expect(readEnvironment({ PORT: '65535' }).values.port).toBe(65535);
  });

  it('names each wrong variable and what it may be, and falls back to its default', () => {
    for (const port of ['abc', '70000', '0', '-1', '80.5', '1e3', '4321abc', ' ']) {
      const { values, problems } = readEnvironment({ PORT: port });
      expect(problems, port).toHaveLength(1);
      expect(problems[0]).toMatch(/^PORT=.* is not a TCP port: use a whole number from 1 to 65535 \(default 4321\)\.$/);
      expect(values.port).toBe(4321);
    }
    expect(readEnvironment({ LOG_LEVEL: 'loud' }).problems).toEqual(['LOG_LEVEL=loud is not a log level: use one of fatal, error, warn, info, debug, trace, silent (default info).']);
    expect(readEnvironment({ LOG_LEVEL: 'INFO' }).problems).toHaveLength(1);
    for (const host of ['not a host', 'http://example.com', 'exa_mple.com', '-bad.example']) {
      expect(readEnvironment({ HOST: host }).problems[0], host).toMatch(/^HOST=.* is not an address to listen on: use an IP address/);
    }
  });

  it('reports every wrong variable at once', () => {
    const { problems } = readEnvironment({ PORT: 'abc', LOG_LEVEL: 'loud', HOST: 'a b' });
    expect(problems.map((p) => p.split('=')[0])).toEqual(['PORT', 'HOST', 'LOG_LEVEL']);
  });

  it('parseLogLevel: unset is info, unknown is undefined', () => {
    expect(parseLogLevel(undefined)).toBe('info');
    expect(parseLogLevel('warn')).toBe('warn');
    expect(parseLogLevel('verbose')).toBeUndefined();
  });
});
