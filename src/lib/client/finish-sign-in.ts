import type { SignedInAnswer } from '../../domain/auth/sign-in-contract.ts';
import { entryPath, safeLocalPath } from '../../domain/routing/entry-path.ts';
import { setSignedIn } from './session-store.ts';

/** Where a finished sign-in goes (every sign-in island): redirectUrl when local, else the account's entry page. */
export function finishSignIn(answer: SignedInAnswer, redirectUrl: string | undefined): { assign: string } {
  setSignedIn(answer.user);
  return { assign: safeLocalPath(redirectUrl) ?? entryPath(answer.user.account_type, answer.user.role) };
}
