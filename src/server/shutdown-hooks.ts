/**
 * Work to finish or stop before the database closes on shutdown (serve.ts), e.g. a scheduler's
 * timer or a backup in progress. Hooks run in parallel, after the last request has finished;
 * the shutdown deadline still applies. Timers should also be `unref()`ed so they never keep the
 * process alive on their own.
 */
type Hook = () => void | Promise<void>;

const hooks = new Set<Hook>();

export function onShutdown(hook: Hook): () => void {
  hooks.add(hook);
  return () => hooks.delete(hook);
}

export async function runShutdownHooks(): Promise<void> {
  await Promise.allSettled([...hooks].map(async (hook) => hook()));
}
