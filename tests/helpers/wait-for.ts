/**
 * Polls `check` (sync or async) every 50 ms until it returns a truthy value, and returns it.
 * Tests wait for conditions this way instead of sleeping a fixed time, so they pass on a busy
 * machine and do not wait longer than needed on a quiet one. The default limit is longer when the
 * suite runs on PostgreSQL (each of the test's own reads is a psql process there). The limit only
 * matters when a test fails: it is generous, as two integration files share two cores.
 */
export async function waitFor<T>(what: string, check: () => T | undefined | null | false | Promise<T | undefined | null | false>, ms = process.env.JORNADA_TEST_POSTGRES ? 60_000 : 45_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
