import { useEffect, useState } from 'react';
import type { Language } from '#i18n/languages.ts';
import { api } from '#lib/client/api.ts';
import { apiFailure } from '#lib/client/use-api-action.ts';

export interface OptionsState<T> {
  options: T[];
  loading: boolean;
  /** The server's message when the list could not be loaded (e.g. no permission), with its status. */
  error?: { message: string; status: number };
}

/** Loads the records behind a select (`{data}` of a list endpoint); `path` null skips loading. */
export function useOptions<T>(path: string | null, lang: Language): OptionsState<T> {
  const [state, setState] = useState<OptionsState<T>>({ options: [], loading: path !== null });
  useEffect(() => {
    if (path === null) return;
    let live = true;
    api<{ data: T[] }>(path, { lang })
      .then((res) => live && setState({ options: res.data, loading: false }))
      .catch((e: unknown) => {
        const failure = apiFailure(e, String(e));
        const error = { message: failure.message, status: failure.status ?? 0 };
        if (live) setState({ options: [], loading: false, error });
      });
    return () => {
      live = false;
    };
  }, [path, lang]);
  return state;
}
