import { describe, expect, it } from 'vitest';
import { coalescedRead } from '../../src/server/db/coalesced-read.ts';

describe('coalescedRead (decision 099)', () => {
  it('answers the reads of one turn of the event loop with one call, each its own value, a repeated key too', async () => {
    const calls: string[][] = [];
    const read = coalescedRead(async (keys: readonly string[]) => {
      calls.push([...keys]);
      return keys.map((k) => k.toUpperCase());
    });
    const answers = await Promise.all([read('a'), read('b'), read('a')]);
    expect(answers).toEqual(['A', 'B', 'A']);
    expect(calls).toEqual([['a', 'b', 'a']]);
    // A read of a later turn is a call of its own: nothing is cached.
    expect(await read('a')).toBe('A');
    expect(calls).toHaveLength(2);
  });

  it('reads asked from separate callbacks of the same turn are merged too (requests arriving together)', async () => {
    const calls: number[][] = [];
    const read = coalescedRead(async (keys: readonly number[]) => {
      calls.push([...keys]);
      return keys.map((k) => k * 2);
    });
    const asked = await new Promise<Promise<number>[]>((resolve) => {
      const out: Promise<number>[] = [];
      // Two I/O-like callbacks before the next check phase, as two sockets read in one poll.
      setTimeout(() => out.push(read(1)), 0);
      setTimeout(() => {
        out.push(read(2));
        resolve(out);
      }, 0);
    });
    expect(await Promise.all(asked)).toEqual([2, 4]);
    expect(calls).toEqual([[1, 2]]);
  });

  it('a failed read fails every read it held, and the next turn reads again', async () => {
    let fail = true;
    const read = coalescedRead(async (keys: readonly string[]) => {
      if (fail) throw new Error('connection lost');
      return keys.map(() => 'ok');
    });
    const results = await Promise.allSettled([read('a'), read('b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await read('a')).toBe('ok');
  });
});
