import { useEffect, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { issuesToFieldKeys } from '#domain/auth/auth-schemas.ts';
import { MAIL_SECURITY, MailSettingsInput, mailSettingsProblems, type MailSecurity } from '#domain/notifications/mail-settings.ts';
import { TestEmailInput } from '#domain/notifications/test-email.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { inputClass, primaryButton, secondaryButton } from '../ui/buttons.ts';
import { useApiAction, apiFailure } from '#lib/client/use-api-action.ts';

interface Props {
  lang: Language;
  canUpdate: boolean;
}

/** GET /api/settings/email: never the password, only whether one is stored. */
interface MailView {
  host: string;
  port: number;
  security: MailSecurity;
  user: string;
  from: string;
  appUrl: string;
  passwordSet: boolean;
}

/** The form's fields as typed (the port as text until it is checked). */
interface Draft {
  host: string;
  port: string;
  security: MailSecurity;
  user: string;
  password: string;
  clearPassword: boolean;
  from: string;
  appUrl: string;
}

const SECURITY_LABELS: Record<MailSecurity, string> = {
  none: 'emailSettings.securityNone',
  starttls: 'emailSettings.securityStarttls',
  tls: 'emailSettings.securityTls',
};
/** The usual port of each kind of connection, offered when the security changes. */
const USUAL_PORT: Record<MailSecurity, string> = { none: '25', starttls: '587', tls: '465' };

const toDraft = (m: MailView): Draft => ({ host: m.host, port: String(m.port), security: m.security, user: m.user, password: '', clearPassword: false, from: m.from, appUrl: m.appUrl });

/** The body of PUT /api/settings/email: no `password` keeps the stored one, '' clears it. */
function bodyOf(d: Draft): v.InferInput<typeof MailSettingsInput> {
  const port = d.port.trim() === '' ? Number.NaN : Number(d.port);
  return {
    host: d.host,
    port,
    security: d.security,
    user: d.user,
    from: d.from,
    appUrl: d.appUrl,
    ...(d.clearPassword ? { password: '' } : d.password !== '' ? { password: d.password } : {}),
  };
}

/** Field errors (i18n keys) with the same schema and rule the server applies. */
function check(d: Draft): Record<string, string> {
  const parsed = v.safeParse(MailSettingsInput, bodyOf(d));
  if (!parsed.success) return issuesToFieldKeys(parsed.issues);
  return mailSettingsProblems(parsed.output);
}

/**
 * Settings › Email (decision 054): the instance's SMTP server (host, port, security, user, a
 * write-only password, sender, the app's address for links) and "Send test email", which uses
 * the SAVED settings: with unsaved changes it waits for Save.
 */
export function EmailSection({ lang, canUpdate }: Props) {
  const t = translator(lang);
  const [saved, setSaved] = useState<MailView | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [loadError, setLoadError] = useState<string | null>(null);
  const { run: runSave, busy: saving } = useApiAction(lang);
  const [to, setTo] = useState('');
  const [toError, setToError] = useState<string | null>(null);
  const { run: runTest, busy: testing } = useApiAction(lang);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  useEffect(() => {
    api('GET /api/settings/email', { lang })
      .then((answer) => {
        setSaved(answer.data);
        setDraft(toDraft(answer.data));
      })
      .catch((e) => setLoadError(apiFailure(e, t('errors.somethingWentWrong')).message));
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- loaded once; the language is fixed for the page (a switch reloads it)

  if (loadError)
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {loadError}
      </p>
    );
  if (!saved || !draft)
    return (
      <p className="text-sm text-muted" role="status">
        {t('common.loading')}
      </p>
    );

  const dirty = JSON.stringify(toDraft(saved)) !== JSON.stringify(draft);
  const configured = saved.host !== '' && saved.from !== '';
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft({ ...draft, [key]: value });
  const message = (key: string | undefined) => (key === undefined ? undefined : / /.test(key) ? key : t(key));

  async function save() {
    if (!draft) return;
    const problems = check(draft);
    setErrors(problems);
    setResult(null);
    if (Object.keys(problems).length > 0) {
      toast.error(t('validation.invalidInput'));
      return;
    }
    await runSave(() => api('PUT /api/settings/email', { body: bodyOf(draft), lang }), {
      onFieldErrors: setErrors,
      success: 'toast',
      then: (answer) => {
        setSaved(answer.data);
        setDraft(toDraft(answer.data));
      },
    });
  }

  async function sendTest() {
    const parsed = v.safeParse(TestEmailInput, { to });
    setResult(null);
    if (!parsed.success) {
      setToError(issuesToFieldKeys(parsed.issues)['to'] ?? 'validation.invalidEmail');
      return;
    }
    setToError(null);
    await runTest(() => api('POST /api/settings/email/test', { body: parsed.output, lang }), {
      then: (answer) => setResult({ ok: true, message: answer.message }),
      // The outcome shows in the section's result line, not as a toast.
      onError: (message, failure) => {
        if (failure.fields['to']) setToError(failure.fields['to']);
        setResult({ ok: false, message });
      },
    });
  }

  const field = (id: keyof Draft, label: string, control: ReactNode, hint?: string) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`email-${id}`} className="text-sm font-medium">
        {label}
      </label>
      {control}
      {errors[id] ? (
        <span id={`email-${id}-error`} className="text-xs text-red-700 dark:text-red-400" data-testid={`email-${id}-error`}>
          {message(errors[id])}
        </span>
      ) : (
        hint && (
          <span id={`email-${id}-hint`} className="text-xs text-muted">
            {hint}
          </span>
        )
      )}
    </div>
  );
  const text = (id: 'host' | 'user' | 'from' | 'appUrl', props: { type?: string; placeholder?: string; autoComplete?: string; inputMode?: 'url' | 'email' } = {}) => (
    <input
      id={`email-${id}`}
      className={inputClass}
      value={draft[id]}
      onChange={(e) => set(id, e.target.value)}
      aria-invalid={errors[id] ? true : undefined}
      aria-describedby={errors[id] ? `email-${id}-error` : undefined}
      spellCheck={false}
      autoCapitalize="off"
      {...props}
    />
  );

  return (
    <div className="flex flex-col gap-6" data-testid="email-settings">
      <p className="max-w-prose text-sm text-muted">{t('emailSettings.intro')}</p>
      <p
        className={`rounded-xl border p-3 text-sm ${configured ? 'border-line bg-page' : 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100'}`}
        data-testid="email-state"
      >
        {configured ? t('emailSettings.stateOn', { host: saved.host }) : t('emailSettings.stateOff')}
      </p>
      <form
        className="flex flex-col gap-5"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <fieldset disabled={!canUpdate} className="flex min-w-0 flex-col gap-5">
          <div className="grid gap-5 sm:grid-cols-[1fr_8rem]">
            {field('host', t('emailSettings.host'), text('host', { placeholder: 'smtp.example.com', autoComplete: 'off' }), t('emailSettings.hostHint'))}
            {field(
              'port',
              t('emailSettings.port'),
              <input
                id="email-port"
                type="number"
                min={1}
                max={65535}
                inputMode="numeric"
                className={inputClass}
                value={draft.port}
                onChange={(e) => set('port', e.target.value)}
                aria-invalid={errors['port'] ? true : undefined}
                aria-describedby={errors['port'] ? 'email-port-error' : undefined}
              />,
            )}
          </div>
          {field(
            'security',
            t('emailSettings.security'),
            <select
              id="email-security"
              className={inputClass}
              value={draft.security}
              onChange={(e) => {
                const security = e.target.value as MailSecurity;
                // Follow the usual port while the port is still another kind's usual one.
                const usual = Object.values(USUAL_PORT).includes(draft.port) || draft.port === '';
                setDraft({ ...draft, security, port: usual ? USUAL_PORT[security] : draft.port });
              }}
            >
              {MAIL_SECURITY.map((s) => (
                <option key={s} value={s}>
                  {t(SECURITY_LABELS[s])}
                </option>
              ))}
            </select>,
            t('emailSettings.securityHint'),
          )}
          <div className="grid gap-5 sm:grid-cols-2">
            {field('user', t('emailSettings.user'), text('user', { autoComplete: 'off' }), t('emailSettings.userHint'))}
            {field(
              'password',
              t('emailSettings.password'),
              <input
                id="email-password"
                type="password"
                autoComplete="new-password"
                className={inputClass}
                value={draft.password}
                disabled={draft.clearPassword}
                placeholder={saved.passwordSet ? t('emailSettings.passwordKeep') : ''}
                onChange={(e) => set('password', e.target.value)}
                aria-invalid={errors['password'] ? true : undefined}
                aria-describedby="email-password-hint"
                data-testid="email-password"
              />,
              saved.passwordSet ? t('emailSettings.passwordSet') : t('emailSettings.passwordNone'),
            )}
          </div>
          {saved.passwordSet && (
            <label className="inline-flex items-center gap-2 text-sm">
              <input type="checkbox" checked={draft.clearPassword} onChange={(e) => setDraft({ ...draft, clearPassword: e.target.checked, password: '' })} data-testid="email-clear-password" />
              {t('emailSettings.clearPassword')}
            </label>
          )}
          {field('from', t('emailSettings.from'), text('from', { placeholder: 'Jornada <jornada@example.com>', autoComplete: 'off' }), t('emailSettings.fromHint'))}
          {field('appUrl', t('emailSettings.appUrl'), text('appUrl', { type: 'url', inputMode: 'url', placeholder: 'https://jornada.example.com' }), t('emailSettings.appUrlHint'))}
        </fieldset>
        {canUpdate && (
          <div className="flex justify-end">
            <button type="submit" className={primaryButton} disabled={saving || !dirty} data-testid="email-save">
              {saving ? t('common.loading') : t('form.save')}
            </button>
          </div>
        )}
      </form>

      {canUpdate && (
        <section className="flex flex-col gap-3 border-t border-line pt-5" aria-labelledby="email-test-heading">
          <h3 id="email-test-heading" className="text-base font-semibold">
            {t('emailSettings.testTitle')}
          </h3>
          <p className="max-w-prose text-sm text-muted">{dirty ? t('emailSettings.testSaveFirst') : t('emailSettings.testIntro')}</p>
          <form
            className="flex flex-col gap-2 sm:flex-row sm:items-start"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void sendTest();
            }}
          >
            <div className="flex flex-1 flex-col gap-1">
              <label htmlFor="email-test-to" className="sr-only">
                {t('emailSettings.testTo')}
              </label>
              <input
                id="email-test-to"
                type="email"
                inputMode="email"
                autoComplete="email"
                className={inputClass}
                placeholder={t('emailSettings.testTo')}
                value={to}
                onChange={(e) => setTo(e.target.value)}
                aria-invalid={toError ? true : undefined}
                aria-describedby={toError ? 'email-test-to-error' : undefined}
                data-testid="email-test-to"
              />
              {toError && (
                <span id="email-test-to-error" className="text-xs text-red-700 dark:text-red-400">
                  {message(toError)}
                </span>
              )}
            </div>
            <button type="submit" className={secondaryButton} disabled={testing || dirty || !configured} data-testid="email-test-send">
              {testing ? t('emailSettings.testSending') : t('emailSettings.testSend')}
            </button>
          </form>
          {result && (
            <p
              role={result.ok ? 'status' : 'alert'}
              data-testid="email-test-result"
              data-ok={result.ok}
              className={`rounded-xl border p-3 text-sm break-words ${result.ok ? 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100' : 'border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200'}`}
            >
              {result.message}
            </p>
          )}
        </section>
      )}
      <p className="text-sm">
        <a href="/settings/outbox" className="font-medium text-accent hover:underline" data-testid="email-outbox-link">
          {t('emailSettings.outboxLink')}
        </a>
      </p>
    </div>
  );
}
