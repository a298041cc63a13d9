import type { Language } from '../../i18n/languages.ts';
import { api } from './api.ts';

/**
 * "Hide the guide": the server remembers it for this user (PUT /api/guide), then the guide leaves
 * the page. On failure the guide stays and the button can be pressed again.
 */
export async function hideGuide(button: HTMLButtonElement): Promise<void> {
  const lang = (document.documentElement.lang === 'en' ? 'en' : 'es') as Language;
  button.disabled = true;
  try {
    await api('/guide', { method: 'PUT', body: { dismissed: true }, lang });
    button.closest('[data-guide]')?.remove();
    document.getElementById('content')?.focus();
  } catch {
    button.disabled = false;
  }
}
