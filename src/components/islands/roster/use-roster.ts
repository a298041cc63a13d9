import { useCallback, useEffect, useState } from 'react';
import type { Language } from '#i18n/languages.ts';
import { api } from '#lib/client/api.ts';
import { apiFailure, useApiAction } from '#lib/client/use-api-action.ts';
import { translator } from '#i18n/translate.ts';
import type { RosterDto } from './roster-dto.ts';

/**
 * The grid's data: GET /api/roster for the department and dates, re-read after every write.
 * `write` sends one change through the app's action helper (busy, refusal as an error toast)
 * and resolves the answer, or undefined when refused.
 */
export function useRoster(lang: Language, department: number | null, from: string, to: string) {
  const [roster, setRoster] = useState<RosterDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const { run, busy } = useApiAction(lang);

  useEffect(() => {
    if (department === null) return;
    let current = true;
    const query = new URLSearchParams({ department: String(department), from, to });
    api<RosterDto>(`/roster?${query}`, { lang })
      .then((answer) => {
        if (!current) return;
        setRoster(answer);
        setError(null);
      })
      .catch((e: unknown) => current && setError(apiFailure(e, translator(lang)('errors.somethingWentWrong')).message));
    return () => {
      current = false;
    };
  }, [lang, department, from, to, version]);

  const reload = useCallback(() => setVersion((n) => n + 1), []);

  async function write<T>(path: string, method: 'POST' | 'PATCH' | 'DELETE' | 'PUT', body?: unknown): Promise<T | undefined> {
    let answer: T | undefined;
    await run(() => api<T>(path, { method, lang, ...(body === undefined ? {} : { body }) }), {
      then: (a) => {
        answer = a;
        reload();
      },
    });
    return answer;
  }

  return { roster, error, busy, write, reload };
}
