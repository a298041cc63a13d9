import { useEffect, useState } from 'react';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { inputClass, primaryButton } from '../ui/buttons.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';

interface Feedback {
  _id: number;
  message: string;
  createdAt: string;
  userName: string | null;
  userEmail: string | null;
}

/** Send feedback; the SuperAdmin also reads what everyone sent. */
export function FeedbackSection({ lang, isSuperAdmin }: { lang: Language; isSuperAdmin: boolean }) {
  const t = translator(lang);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const [list, setList] = useState<Feedback[]>([]);
  const [version, setVersion] = useState(0);
  const { run } = useApiAction(lang);

  useEffect(() => {
    if (isSuperAdmin)
      api('GET /api/feedback', { lang })
        .then((r) => setList(r.data))
        .catch(() => setList([]));
  }, [isSuperAdmin, version]); // eslint-disable-line react-hooks/exhaustive-deps -- the language is fixed for the page (a switch reloads it)

  async function send() {
    setError(undefined);
    await run(() => api('POST /api/feedback', { body: { message }, lang }), {
      success: 'toast',
      then: () => {
        setMessage('');
        setVersion((n) => n + 1);
      },
      // Under the text box: its field error, else the refusal.
      onError: (refusal, failure) => setError(failure.fields['message'] ?? refusal),
    });
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <label htmlFor="feedback-message" className="text-sm font-medium">
          {t('settings.feedbackLabel')}
        </label>
        <textarea id="feedback-message" rows={5} className={`${inputClass} py-2`} value={message} onChange={(e) => setMessage(e.target.value)} aria-invalid={!!error} />
        {error && <span className="text-xs text-red-700 dark:text-red-400">{error}</span>}
        <div className="flex justify-end">
          <button type="button" className={primaryButton} onClick={send} data-testid="send-feedback">
            {t('settings.feedbackSend')}
          </button>
        </div>
      </div>
      {isSuperAdmin && (
        <div>
          <h3 className="mb-2 text-sm font-semibold">{t('settings.feedbackReceived')}</h3>
          {list.length === 0 ? (
            <p className="text-sm text-muted">{t('settings.feedbackNone')}</p>
          ) : (
            <ul className="divide-y divide-line rounded-xl border border-line" data-testid="feedback-list">
              {list.map((f) => (
                <li key={f._id} className="px-4 py-3 text-sm">
                  <p className="whitespace-pre-wrap">{f.message}</p>
                  <p className="mt-1 text-xs text-muted">
                    {f.userName ?? '—'} · {new Date(f.createdAt).toLocaleString(lang === 'es' ? 'es-ES' : 'en-GB')}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
