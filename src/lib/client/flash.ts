import { toast } from 'sonner';

/** A message to show on the next page (after a redirect), kept in sessionStorage. */
const KEY = 'flash';

export function setFlash(message: string, kind: 'success' | 'info' = 'success'): void {
  sessionStorage.setItem(KEY, JSON.stringify({ message, kind }));
}

/** Shows and clears a pending flash message; call once the page's Toaster is mounted. */
export function showFlash(): void {
  const raw = sessionStorage.getItem(KEY);
  if (!raw) return;
  sessionStorage.removeItem(KEY);
  try {
    const { message, kind } = JSON.parse(raw) as { message: string; kind: 'success' | 'info' };
    if (kind === 'info') toast.info(message);
    else toast.success(message);
  } catch {
    // ignore a damaged entry
  }
}
