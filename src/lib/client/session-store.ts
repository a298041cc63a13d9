import { atom } from 'nanostores';
import type { SessionUserDto } from '../../domain/auth/session-user-dto.ts';

/**
 * The browser's view of the session (spec section 4). The token itself lives in the HttpOnly
 * `token` cookie; this store keeps the signed-in flag and the user for the islands, mirrored in
 * localStorage so every island and tab agrees.
 */
export interface SessionState {
  signedIn: boolean;
  user: SessionUserDto | null;
}

const KEY = 'session';
const EMPTY: SessionState = { signedIn: false, user: null };

function load(): SessionState {
  if (typeof localStorage === 'undefined') return EMPTY;
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as SessionState | null;
    return value && typeof value.signedIn === 'boolean' ? value : EMPTY;
  } catch {
    return EMPTY;
  }
}

export const $session = atom<SessionState>(load());

$session.listen((state) => {
  if (typeof localStorage !== 'undefined') localStorage.setItem(KEY, JSON.stringify(state));
});

export function setSignedIn(user: SessionUserDto): void {
  $session.set({ signedIn: true, user });
}

export function clearSession(): void {
  $session.set(EMPTY);
}
