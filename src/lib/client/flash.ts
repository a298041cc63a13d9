/**
 * A one-time message carried to the next page (a form saves, then goes back to its list, which
 * shows the message as a toast). Kept in sessionStorage: this tab only.
 */
const KEY = 'jornada.flash';

export function setFlash(message: string): void {
  try {
    sessionStorage.setItem(KEY, message);
  } catch {
    // Storage unavailable: the message is simply not shown.
  }
}

/** The pending message, removed as it is read. */
export function takeFlash(): string | undefined {
  try {
    const message = sessionStorage.getItem(KEY) ?? undefined;
    sessionStorage.removeItem(KEY);
    return message;
  } catch {
    return undefined;
  }
}
