import type { ApiFailure } from '#lib/client/use-api-action.ts';

/** A sign-in step's failure: an expired or used ticket sends the person back to the password form with the message. */
export function signInFailure(onRestart: (message?: string) => void, show: (message: string) => void) {
  return (message: string, failure: ApiFailure) => {
    if (failure.code === 'errors.signInExpired') onRestart(message);
    else show(failure.fields['code'] ?? message);
  };
}
