import { useEffect, useState, type FormEvent } from 'react';
import { KeyRound, Pencil, Trash2 } from 'lucide-react';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import type { PasskeyDto } from '../../domain/auth/passkey-schemas.ts';
import { PASSKEY_NAME_MAX } from '../../domain/auth/passkey-schemas.ts';
import { browserAndSystem } from '../../domain/auth/device-name.ts';
import { formatDate } from '../../domain/format/intl-format.ts';
import type { Language } from '../../i18n/languages.ts';
import { translator } from '../../i18n/translate.ts';
import { api } from '../../lib/client/api.ts';
import { addPasskey } from '../../lib/client/passkey-ceremony.ts';
import { useApiAction } from '../../lib/client/use-api-action.ts';
import { Dialog } from './ui/Dialog.tsx';
import { dangerButton, iconButton, inputClass, primaryButton, secondaryButton } from './ui/buttons.ts';

type Editing = { kind: 'add' } | { kind: 'rename'; passkey: PasskeyDto } | { kind: 'remove'; passkey: PasskeyDto } | { kind: 'codes'; codes: string[] } | null;

/** "Chrome on Windows" from this browser, or "Passkey" when unknown. */
function defaultName(lang: Language): string {
  const { browser, os } = browserAndSystem(navigator.userAgent);
  if (browser && os) return translator(lang)('passkeys.defaultName', { browser, os });
  return browser ?? os ?? translator(lang)('passkeys.title');
}

/**
 * Account settings › passkeys (decision 091): the account's own list (name, added, last used,
 * synced or this device only), add (a name, then the browser's prompt), rename, remove (asks the
 * current password). The account's first factor answers ten recovery codes, shown here once.
 */
export default function PasskeysSection({ lang }: { lang: Language }) {
  const t = translator(lang);
  const [passkeys, setPasskeys] = useState<PasskeyDto[]>();
  const [editing, setEditing] = useState<Editing>(null);
  const [supported, setSupported] = useState(true);
  const { run, busy } = useApiAction(lang);
  const [error, setError] = useState<string>();
  const [fieldError, setFieldError] = useState<string>();
  const [loadFailed, setLoadFailed] = useState(false);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const load = async () => setPasskeys((await api('GET /api/account/passkeys', { lang })).data);
  useEffect(() => {
    setSupported(browserSupportsWebAuthn());
    api('GET /api/account/passkeys', { lang })
      .then((answer) => setPasskeys(answer.data))
      .catch(() => setLoadFailed(true));
  }, [lang]);

  const open = (next: Editing) => {
    setError(undefined);
    setFieldError(undefined);
    setEditing(next);
  };
  const failed = (message: string, failure: { fields: Record<string, string> }) => {
    const field = Object.values(failure.fields)[0];
    if (field) setFieldError(field);
    else setError(message);
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (key: string) => String(form.get(key) ?? '');
    setError(undefined);
    setFieldError(undefined);
    if (editing?.kind === 'add') {
      return run(() => addPasskey(lang, value('name')), {
        onError: failed,
        success: 'toast',
        then: async (answer) => {
          if (!answer) return setError(t('passkeys.cancelled'));
          await load();
          setEditing(answer.recoveryCodes ? { kind: 'codes', codes: answer.recoveryCodes } : null);
        },
      });
    }
    if (editing?.kind === 'rename') {
      const id = editing.passkey._id;
      return run(() => api('PATCH /api/account/passkeys/{id}', { params: [id], lang, body: { name: value('name') } }), {
        onError: failed,
        success: 'toast',
        then: async () => (await load(), setEditing(null)),
      });
    }
    if (editing?.kind === 'remove') {
      const id = editing.passkey._id;
      return run(() => api('POST /api/account/passkeys/{id}/remove', { params: [id], lang, body: { password: value('password') } }), {
        onError: failed,
        success: 'toast',
        then: async () => (await load(), setEditing(null)),
      });
    }
    return undefined;
  }

  const title =
    editing?.kind === 'add'
      ? t('passkeys.add')
      : editing?.kind === 'rename'
        ? t('passkeys.renameNamed', { name: editing.passkey.name })
        : editing?.kind === 'remove'
          ? t('passkeys.removeNamed', { name: editing.passkey.name })
          : t('passkeys.recoveryTitle');

  return (
    <section className="rounded-2xl border border-line bg-card p-6" aria-labelledby="account-passkeys" data-testid="passkeys-section">
      <h2 id="account-passkeys" className="mb-1 text-lg font-semibold">
        {t('passkeys.title')}
      </h2>
      <p className="mb-4 text-sm text-muted">{t('passkeys.hint')}</p>
      {loadFailed && (
        <p role="alert" className="mb-4 text-sm text-red-700 dark:text-red-400">
          {t('errors.somethingWentWrong')}
        </p>
      )}
      {passkeys && passkeys.length === 0 && <p className="mb-4 text-sm">{t('passkeys.none')}</p>}
      {passkeys && passkeys.length > 0 && (
        <ul className="mb-4 divide-y divide-line rounded-lg border border-line" data-testid="passkey-list">
          {passkeys.map((p) => (
            <li key={p._id} className="flex items-center gap-3 px-4 py-3" data-testid="passkey-row">
              <KeyRound size={18} aria-hidden="true" className="shrink-0 text-muted" />
              <div className="min-w-0 flex-1">
                <p className="break-words font-medium">{p.name}</p>
                <p className="text-xs text-muted">
                  {t('passkeys.addedOn', { date: formatDate(p.createdAt, lang, zone) })} · {p.lastUsedAt ? t('passkeys.lastUsed', { date: formatDate(p.lastUsedAt, lang, zone) }) : t('passkeys.neverUsed')} ·{' '}
                  {p.backedUp || p.deviceType === 'multiDevice' ? t('passkeys.synced') : t('passkeys.thisDevice')}
                </p>
              </div>
              <button type="button" className={iconButton} aria-label={t('passkeys.renameNamed', { name: p.name })} title={t('passkeys.rename')} onClick={() => open({ kind: 'rename', passkey: p })}>
                <Pencil size={16} aria-hidden="true" />
              </button>
              <button type="button" className={iconButton} aria-label={t('passkeys.removeNamed', { name: p.name })} title={t('passkeys.remove')} onClick={() => open({ kind: 'remove', passkey: p })}>
                <Trash2 size={16} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {supported && (
        <button type="button" className={secondaryButton} onClick={() => open({ kind: 'add' })} data-testid="passkey-add">
          <KeyRound size={16} aria-hidden="true" />
          {t('passkeys.add')}
        </button>
      )}
      <Dialog open={editing !== null} title={title} onClose={() => (editing?.kind === 'codes' || !busy) && setEditing(null)} closeLabel={t('common.close')} size="sm">
        {editing?.kind === 'codes' ? (
          <div className="flex flex-col gap-4" data-testid="passkey-recovery-codes">
            <p className="text-sm">{t('passkeys.recoveryHint')}</p>
            <ul className="grid grid-cols-2 gap-2 font-mono text-sm">
              {editing.codes.map((code) => (
                <li key={code} className="rounded bg-primary-subtle px-2 py-1 text-center">
                  {code}
                </li>
              ))}
            </ul>
            <button type="button" className={primaryButton} onClick={() => setEditing(null)}>
              {t('passkeys.recoveryDone')}
            </button>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="passkey-form">
            {error && (
              <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
                {error}
              </p>
            )}
            {editing?.kind === 'remove' && <p className="text-sm">{t('passkeys.removeQuestion')}</p>}
            <label className="flex flex-col gap-1 text-sm font-medium">
              {editing?.kind === 'remove' ? t('account.currentPassword') : t('passkeys.name')}
              {editing?.kind === 'remove' ? (
                <input name="password" type="password" autoComplete="current-password" required aria-invalid={fieldError ? true : undefined} className={inputClass} data-testid="passkey-password" />
              ) : (
                <input
                  name="name"
                  type="text"
                  required
                  maxLength={PASSKEY_NAME_MAX}
                  defaultValue={editing?.kind === 'rename' ? editing.passkey.name : editing?.kind === 'add' ? defaultName(lang) : ''}
                  aria-invalid={fieldError ? true : undefined}
                  className={inputClass}
                  data-testid="passkey-name"
                />
              )}
              {fieldError ? (
                <span className="text-xs font-normal text-red-700 dark:text-red-400">{fieldError}</span>
              ) : (
                editing?.kind === 'add' && <span className="text-xs font-normal text-muted">{t('passkeys.nameHint')}</span>
              )}
            </label>
            <div className="flex justify-end gap-2">
              <button type="button" className={secondaryButton} onClick={() => setEditing(null)} disabled={busy}>
                {t('form.cancel')}
              </button>
              <button type="submit" className={editing?.kind === 'remove' ? dangerButton : primaryButton} disabled={busy} data-testid="passkey-submit">
                {busy ? t('common.loading') : editing?.kind === 'add' ? t('passkeys.create') : editing?.kind === 'remove' ? t('passkeys.remove') : t('form.save')}
              </button>
            </div>
          </form>
        )}
      </Dialog>
    </section>
  );
}
