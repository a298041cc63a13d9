import { useCallback, useEffect, useState } from 'react';
import type { Language } from '#i18n/languages.ts';
import type { AnswerOf } from '#domain/api/contract.ts';
import type { ApiContracts } from '#domain/api/contracts/index.ts';
import { api, type ContractOptions } from '#lib/client/api.ts';
import { apiFailure, useApiAction } from '#lib/client/use-api-action.ts';
import { translator } from '#i18n/translate.ts';
import type { RosterDto } from './roster-dto.ts';

/** The roster's writes, by contract key. */
export type RosterWrite =
  'POST /api/roster/shifts' | 'PATCH /api/roster/shifts/{id}' | 'DELETE /api/roster/shifts/{id}' | 'POST /api/roster/copy-week' | 'POST /api/roster/repeat' | 'POST /api/roster/fill' | 'POST /api/roster/publish';

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
    api('GET /api/roster', { query: { department, from, to }, lang })
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

  async function write<K extends RosterWrite>(key: K, options: Omit<ContractOptions<K>, 'lang'>): Promise<AnswerOf<ApiContracts[K]> | undefined> {
    let answer: AnswerOf<ApiContracts[K]> | undefined;
    await run(() => api(key, { ...options, lang } as ContractOptions<K>), {
      then: (a) => {
        answer = a;
        reload();
      },
    });
    return answer;
  }

  return { roster, error, busy, write, reload };
}
