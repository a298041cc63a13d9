/**
 * The personal area's service worker from the pages' side (decision 071): `public/sw.js` keeps the
 * personal clock's page and files in one cache, whose name both sides share
 * (tests/unit/service-worker.test.ts checks the worker's script uses this one).
 */
export const PERSONAL_SHELL_CACHE = 'jornada-personal-shell-v1';

/** Registers the worker, scoped to /personal/: only the personal clock's page calls this. */
export function registerShellWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/personal/' }).catch(() => {
    // No worker (private mode, an old browser): the page works online as before.
  });
}

/** At sign-out: the kept copy of the personal clock's page (the worker's name on it) goes too. */
export async function forgetShell(): Promise<void> {
  try {
    if ('caches' in window) await caches.delete(PERSONAL_SHELL_CACHE);
  } catch {
    // Storage refused: the copy is deleted by the worker at the next visit that finds no session.
  }
}
