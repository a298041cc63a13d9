import { useEffect, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { issuesToFieldKeys } from '#domain/auth/auth-schemas.ts';
import { SsoSettingsInput, ssoSettingsProblems, type SsoSettingsView } from '#domain/auth/sso-settings.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { apiFailure, useApiAction } from '#lib/client/use-api-action.ts';
import { inputClass, primaryButton } from '../ui/buttons.ts';

interface Props {
  lang: Language;
}

/** GET/PUT /api/settings/sso: never the secret, only whether one is stored; the redirect URI to register. */
interface Answer {
  data: SsoSettingsView;
  redirectUri: string;
}

type Draft = Omit<SsoSettingsView, 'secretSet'> & { clientSecret: string; clearSecret: boolean };

const toDraft = (s: SsoSettingsView): Draft => ({
  enabled: s.enabled,
  displayName: s.displayName,
  issuer: s.issuer,
  clientId: s.clientId,
  createAccounts: s.createAccounts,
  passwordOnlySuperAdmin: s.passwordOnlySuperAdmin,
  clientSecret: '',
  clearSecret: false,
});

/** The body of PUT: no `clientSecret` keeps the stored one, '' clears it. */
function bodyOf(d: Draft): v.InferInput<typeof SsoSettingsInput> {
  const { clientSecret, clearSecret, ...rest } = d;
  return { ...rest, ...(clearSecret ? { clientSecret: '' } : clientSecret !== '' ? { clientSecret } : {}) };
}

function check(d: Draft): Record<string, string> {
  const parsed = v.safeParse(SsoSettingsInput, bodyOf(d));
  if (!parsed.success) return issuesToFieldKeys(parsed.issues);
  return ssoSettingsProblems(parsed.output);
}

/**
 * Settings › Single sign-on (decision 092), the SuperAdmin's: one OpenID Connect provider for the
 * installation — button name, issuer, client ID, a write-only client secret, the redirect URI to
 * register, account creation on first sign-in and "password sign-in only for the SuperAdmin".
 */
export function SsoSection({ lang }: Props) {
  const t = translator(lang);
  const [saved, setSaved] = useState<Answer | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [loadError, setLoadError] = useState<string | null>(null);
  const { run, busy } = useApiAction(lang);

  useEffect(() => {
    api('GET /api/settings/sso', { lang })
      .then((answer) => {
        setSaved(answer);
        setDraft(toDraft(answer.data));
      })
      .catch((e) => setLoadError(apiFailure(e, t('errors.somethingWentWrong')).message));
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- loaded once; the language is fixed for the page

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

  const dirty = JSON.stringify(toDraft(saved.data)) !== JSON.stringify(draft);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft({ ...draft, [key]: value });

  async function save() {
    if (!draft) return;
    const problems = check(draft);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      toast.error(t('validation.invalidInput'));
      return;
    }
    await run(() => api('PUT /api/settings/sso', { body: bodyOf(draft), lang }), {
      onFieldErrors: setErrors,
      success: 'toast',
      then: (answer) => {
        setSaved(answer);
        setDraft(toDraft(answer.data));
      },
    });
  }

  const field = (id: string, label: string, control: ReactNode, hint?: string) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`sso-${id}`} className="text-sm font-medium">
        {label}
      </label>
      {control}
      {errors[id] ? (
        <span id={`sso-${id}-error`} className="text-xs text-red-700 dark:text-red-400" data-testid={`sso-${id}-error`}>
          {t(errors[id])}
        </span>
      ) : (
        hint && <span className="text-xs text-muted">{hint}</span>
      )}
    </div>
  );
  const text = (id: 'displayName' | 'issuer' | 'clientId', props: { placeholder?: string; type?: string } = {}) => (
    <input
      id={`sso-${id}`}
      className={inputClass}
      value={draft[id]}
      onChange={(e) => set(id, e.target.value)}
      aria-invalid={errors[id] ? true : undefined}
      aria-describedby={errors[id] ? `sso-${id}-error` : undefined}
      spellCheck={false}
      autoCapitalize="off"
      autoComplete="off"
      data-testid={`sso-${id}`}
      {...props}
    />
  );
  const toggle = (id: 'enabled' | 'createAccounts' | 'passwordOnlySuperAdmin', label: string, hint?: string) => (
    <label className="flex items-start gap-2 text-sm">
      <input type="checkbox" className="mt-1" checked={draft[id]} onChange={(e) => set(id, e.target.checked)} data-testid={`sso-${id}`} />
      <span className="flex flex-col gap-0.5">
        <span className="font-medium">{label}</span>
        {hint && <span className="text-xs text-muted">{hint}</span>}
      </span>
    </label>
  );

  const on = saved.data.enabled;
  return (
    <div className="flex flex-col gap-6" data-testid="sso-settings">
      <p className="max-w-prose text-sm text-muted">{t('sso.settings.intro')}</p>
      <p className={`rounded-xl border p-3 text-sm ${on ? 'border-line bg-page' : 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100'}`} data-testid="sso-state">
        {on ? t('sso.settings.stateOn', { name: saved.data.displayName }) : t('sso.settings.stateOff')}
      </p>
      <form
        className="flex flex-col gap-5"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {toggle('enabled', t('sso.settings.enabled'))}
        <div className="grid gap-5 sm:grid-cols-2">
          {field('displayName', t('sso.settings.displayName'), text('displayName', { placeholder: 'Microsoft' }), t('sso.settings.displayNameHint'))}
          {field('clientId', t('sso.settings.clientId'), text('clientId'))}
        </div>
        {field('issuer', t('sso.settings.issuer'), text('issuer', { type: 'url', placeholder: 'https://login.example.com/realms/staff' }), t('sso.settings.issuerHint'))}
        {field(
          'clientSecret',
          t('sso.settings.clientSecret'),
          <input
            id="sso-clientSecret"
            type="password"
            autoComplete="new-password"
            className={inputClass}
            value={draft.clientSecret}
            disabled={draft.clearSecret}
            placeholder={saved.data.secretSet ? t('sso.settings.secretKeep') : ''}
            onChange={(e) => set('clientSecret', e.target.value)}
            data-testid="sso-clientSecret"
          />,
          saved.data.secretSet ? t('sso.settings.secretSet') : t('sso.settings.secretNone'),
        )}
        {saved.data.secretSet && (
          <label className="inline-flex items-center gap-2 text-sm">
            <input type="checkbox" checked={draft.clearSecret} onChange={(e) => setDraft({ ...draft, clearSecret: e.target.checked, clientSecret: '' })} data-testid="sso-clear-secret" />
            {t('sso.settings.clearSecret')}
          </label>
        )}
        <div className="flex flex-col gap-1">
          <span className="text-sm font-medium">{t('sso.settings.redirectUri')}</span>
          <code className="rounded-lg border border-line bg-page px-3 py-2 text-sm break-all" data-testid="sso-redirect-uri">
            {saved.redirectUri}
          </code>
          <span className="text-xs text-muted">{t('sso.settings.redirectUriHint')}</span>
        </div>
        {toggle('createAccounts', t('sso.settings.createAccounts'), t('sso.settings.createAccountsHint'))}
        {toggle('passwordOnlySuperAdmin', t('sso.settings.passwordOnlySuperAdmin'), t('sso.settings.passwordOnlySuperAdminHint'))}
        <div className="flex justify-end">
          <button type="submit" className={primaryButton} disabled={busy || !dirty} data-testid="sso-save">
            {busy ? t('common.loading') : t('form.save')}
          </button>
        </div>
      </form>
    </div>
  );
}
