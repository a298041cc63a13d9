import type { Language } from '../../i18n/languages.ts';
import { api, SAVED_EVENT } from './api.ts';

/**
 * "Hide the guide": the server remembers it for this user (PUT /api/guide), then the guide leaves
 * the page. On failure the guide stays and the button can be pressed again.
 */
export async function hideGuide(button: HTMLButtonElement): Promise<void> {
  const lang = (document.documentElement.lang === 'en' ? 'en' : 'es') as Language;
  button.disabled = true;
  try {
    await api('PUT /api/guide', { body: { dismissed: true }, lang });
    button.closest('[data-guide]')?.remove();
    document.getElementById('content')?.focus();
  } catch {
    button.disabled = false;
  }
}

/** Wires the guide's buttons inside `root` (the page on load, a refreshed guide after a save). */
export function bindGuide(root: ParentNode): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-guide-hide]')) button.addEventListener('click', () => hideGuide(button));
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-guide-close]')) button.addEventListener('click', () => button.closest('[data-guide]')?.remove());
}

let refreshing: Promise<void> | undefined;
let again = false;

/**
 * The guide is computed on the server from real data (decision 019); after a record is saved in
 * place (a dialog, no navigation) the page asks the server for itself again and swaps in the new
 * guide, so the checklist follows without a reload (decision 028). Saves during a refresh are
 * folded into one more refresh. Nothing happens when the page shows no guide.
 */
export function refreshGuide(): Promise<void> {
  if (refreshing) {
    again = true;
    return refreshing;
  }
  refreshing = (async () => {
    try {
      do {
        again = false;
        const current = document.querySelector('[data-guide]');
        if (!current) return;
        const response = await fetch(window.location.pathname + window.location.search, { credentials: 'same-origin', headers: { accept: 'text/html' } });
        if (!response.ok || response.redirected) return;
        const page = new DOMParser().parseFromString(await response.text(), 'text/html');
        const fresh = page.querySelector('[data-guide]');
        const live = document.querySelector('[data-guide]');
        if (!live) return;
        if (!fresh) {
          live.remove();
          return;
        }
        const node = document.importNode(fresh, true);
        live.replaceWith(node);
        bindGuide(node);
      } while (again);
    } catch {
      // The guide stays as it was; the next save or page load brings it up to date.
    } finally {
      refreshing = undefined;
    }
  })();
  return refreshing;
}

/** Refresh the guide after every successful write except the guide's own. */
export function followSaves(): void {
  window.addEventListener(SAVED_EVENT, (event) => {
    const path = (event as CustomEvent<{ path: string }>).detail?.path ?? '';
    if (!path.startsWith('/guide')) void refreshGuide();
  });
}
