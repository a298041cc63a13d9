import { useState } from 'react';
import { toast } from 'sonner';
import type { Language } from '../../i18n/languages.ts';
import { translator } from '../../i18n/translate.ts';
import { runApiAction, type ApiActionOptions, type Navigation } from './api-action.ts';
import { setFlash } from './flash.ts';

export type { ApiActionOptions, ApiFailure, Navigation } from './api-action.ts';
export { apiFailure } from './api-action.ts';

function navigate(to: Navigation): void {
  if (to === 'reload') window.location.reload();
  else if ('assign' in to) window.location.assign(to.assign);
  else window.location.replace(to.replace);
}

/**
 * The one action helper of the islands (issue 35, decision 029): `run(request, options)` sets
 * busy, awaits the request (an `api(…)` call), and shows the outcome the island's way (see
 * ApiActionOptions): field errors on react-hook-form's fields or a local record, the message as
 * an alert or a sonner toast, the answer's message as a toast or a flash, then a reload, a
 * navigation or a callback. `busy` is true while an action runs; `running` is its `key`.
 */
export function useApiAction<K = true>(lang: Language) {
  const [running, setRunning] = useState<K | null>(null);
  const run = <T>(request: () => Promise<T>, options: ApiActionOptions<T, K> = {}) =>
    runApiAction(request, options, {
      setRunning,
      toastSuccess: (message) => toast.success(message),
      toastError: (message) => toast.error(message),
      flash: (message) => setFlash(message),
      navigate,
      fallback: translator(lang)('errors.somethingWentWrong'),
    });
  return { run, busy: running !== null, running };
}
