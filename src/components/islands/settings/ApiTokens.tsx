import { useState } from 'react';
import { Copy, KeyRound, ShieldOff } from 'lucide-react';
import { toast } from 'sonner';
import { API_TOKEN_NAME_MAX } from '#domain/api-tokens/api-tokens.ts';
import { formatDate, formatLocalDate, formatTime } from '#domain/format/intl-format.ts';
import type { EffectiveTokenState } from '#domain/api-tokens/api-tokens.ts';
import { ACTION_LABELS, RESOURCE_LABELS } from '#domain/permissions/labels.ts';
import { ACTIONS, RESOURCES, type Action, type Permissions, type Resource } from '#domain/permissions/permissions.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { AppToaster } from '../ui/AppToaster.tsx';
import { Badge } from '../ui/Badge.tsx';
import { ConfirmActionDialog } from '../ui/ConfirmActionDialog.tsx';
import { inputClass, primaryButton, secondaryButton } from '../ui/buttons.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';

export interface ApiTokenRow {
  _id: number;
  name: string;
  hint: string;
  userName: string;
  mine: boolean;
  /** What it may do now (given and still held by its creator). */
  permissions: Permissions;
  /** What it was given. */
  grantedPermissions: Permissions;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  state: EffectiveTokenState;
}

const cell = (r: Resource, a: Action) => `${r}.${a}`;

/**
 * Settings › API tokens (decision 057): create a token (name, last valid day, permissions chosen
 * among the account's own: only those are offered), see it once with a copy button; the list with
 * owner, expiry, last use and state; revoke. `held` is what the account holds (the server checks
 * it again); `today`/`maxDate` bound the date input (the server checks them in the company zone).
 */
export default function ApiTokens(props: { lang: Language; tokens: ApiTokenRow[]; held: Permissions; today: string; maxDate: string; defaultDate: string; timeZone: string; timeFormat: '1' | '2' }) {
  const { lang } = props;
  const t = translator(lang);
  const [tokens, setTokens] = useState(props.tokens);
  const [name, setName] = useState('');
  const [expiresOn, setExpiresOn] = useState(props.defaultDate);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { run, busy } = useApiAction(lang);
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenRow | null>(null);
  const when = (at: string | null) => (at ? `${formatDate(at, lang, props.timeZone)} ${formatTime(at, lang, props.timeZone, props.timeFormat)}` : t('tokens.never'));
  const heldCells = RESOURCES.flatMap((r) => ACTIONS.filter((a) => props.held[r]?.includes(a)).map((a) => [r, a] as const));
  const heldResources = RESOURCES.filter((r) => (props.held[r]?.length ?? 0) > 0);

  function toggle(key: string, on: boolean) {
    const next = new Set(chosen);
    if (on) next.add(key);
    else next.delete(key);
    setChosen(next);
  }

  function chosenPermissions(): Permissions {
    const out: Permissions = {};
    for (const [r, a] of heldCells) if (chosen.has(cell(r, a))) (out[r] ??= []).push(a);
    return out;
  }

  async function reload() {
    const answer = await api('GET /api/api-tokens', { lang });
    setTokens(answer.data);
  }

  async function create(event: React.FormEvent) {
    event.preventDefault();
    setErrors({});
    await run(() => api('POST /api/api-tokens', { lang, body: { name, expiresOn, permissions: chosenPermissions() } }), {
      onFieldErrors: setErrors,
      success: 'toast',
      then: async (answer) => {
        setCreated(answer.data.token);
        setName('');
        setChosen(new Set());
        await reload();
      },
    });
  }

  async function copy() {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created);
      toast.success(t('tokens.copied'));
    } catch {
      toast.error(t('tokens.copyFailed'));
    }
  }

  const permissionText = (p: Permissions) =>
    RESOURCES.filter((r) => p[r]?.length)
      .map((r) => `${t(RESOURCE_LABELS[r])}: ${p[r]!.map((a) => t(ACTION_LABELS[a])).join(', ')}`)
      .join(' · ');
  const stateText: Record<EffectiveTokenState, string> = {
    active: t('tokens.state.active'),
    expired: t('tokens.state.expired'),
    revoked: t('tokens.state.revoked'),
    creatorInactive: t('tokens.state.creatorInactive'),
  };
  /** Given but no longer held by the creator: shown apart, so the list says what the token may do now. */
  const lost = (k: ApiTokenRow): Permissions =>
    Object.fromEntries(
      RESOURCES.flatMap((r) => {
        const gone = (k.grantedPermissions[r] ?? []).filter((a) => !k.permissions[r]?.includes(a));
        return gone.length > 0 ? [[r, gone]] : [];
      }),
    );
  const fieldError = (key: string) => errors[key] && <span className="text-xs text-red-700 dark:text-red-400">{errors[key]}</span>;

  return (
    <div className="flex flex-col gap-6">
      <AppToaster />
      <form onSubmit={create} className="flex min-w-0 flex-col gap-4 rounded-2xl border border-line bg-card p-5" noValidate data-testid="api-token-create">
        <h2 className="text-lg font-semibold">{t('tokens.createTitle')}</h2>
        <p className="text-sm text-muted">{t('tokens.createHelp')}</p>
        <div className="flex flex-wrap items-start gap-4">
          <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm sm:min-w-64">
            <span className="font-medium">{t('tokens.name')}</span>
            <input
              type="text"
              maxLength={API_TOKEN_NAME_MAX}
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder={t('tokens.namePlaceholder')}
              className={inputClass}
              aria-invalid={!!errors['name']}
              data-testid="api-token-name"
            />
            {fieldError('name')}
          </label>
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium">{t('tokens.expiresOn')}</span>
            <input
              type="date"
              min={props.today}
              max={props.maxDate}
              value={expiresOn}
              onChange={(e) => setExpiresOn(e.target.value)}
              className={`${inputClass} w-44`}
              aria-invalid={!!errors['expiresOn']}
              data-testid="api-token-expires"
            />
            {fieldError('expiresOn')}
          </label>
        </div>
        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t('tokens.permissions')}</legend>
          <p className="text-xs text-muted">{t('tokens.permissionsHelp')}</p>
          {heldResources.length === 0 ? (
            <p className="text-sm text-muted">{t('tokens.noPermissions')}</p>
          ) : (
            <>
              <label className="flex items-center gap-2 text-sm font-medium">
                <input
                  type="checkbox"
                  className="h-5 w-5 accent-[var(--primary)]"
                  checked={chosen.size === heldCells.length}
                  onChange={(e) => setChosen(e.target.checked ? new Set(heldCells.map(([r, a]) => cell(r, a))) : new Set())}
                  data-testid="api-token-all"
                />
                {t('tokens.selectAll')}
              </label>
              <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
                {heldResources.map((r) => (
                  <div key={r} className="rounded-xl border border-line p-3">
                    <div className="mb-1 text-sm font-medium">{t(RESOURCE_LABELS[r])}</div>
                    <div className="flex flex-wrap gap-x-4 gap-y-1">
                      {ACTIONS.filter((a) => props.held[r]?.includes(a)).map((a) => (
                        <label key={a} className="flex items-center gap-1.5 text-sm">
                          <input type="checkbox" className="h-4 w-4 accent-[var(--primary)]" checked={chosen.has(cell(r, a))} onChange={(e) => toggle(cell(r, a), e.target.checked)} data-testid={`api-token-${r}-${a}`} />
                          {t(ACTION_LABELS[a])}
                        </label>
                      ))}
                    </div>
                  </div>
                ))}
              </div>
            </>
          )}
          {fieldError('permissions')}
        </fieldset>
        <button type="submit" className={`${primaryButton} self-start`} disabled={busy || heldResources.length === 0} data-testid="api-token-submit">
          <KeyRound size={16} aria-hidden="true" />
          {t('tokens.create')}
        </button>
        {created && (
          <div className="flex min-w-0 flex-col gap-2 rounded-xl border border-primary bg-primary-subtle p-4" role="status" data-testid="api-token-created">
            <p className="text-sm font-medium">{t('tokens.shownOnce')}</p>
            <div className="flex flex-wrap items-center gap-2">
              <input readOnly value={created} className={`${inputClass} min-w-0 flex-1 font-mono text-xs`} onFocus={(e) => e.target.select()} aria-label={t('tokens.token')} data-testid="api-token-value" />
              <button type="button" className={secondaryButton} onClick={copy}>
                <Copy size={16} aria-hidden="true" />
                {t('tokens.copy')}
              </button>
            </div>
            <p className="break-all font-mono text-xs text-muted">{t('tokens.usage')}</p>
          </div>
        )}
      </form>
      <div className="overflow-x-auto rounded-2xl border border-line bg-card">
        {tokens.length === 0 ? (
          <p className="p-6 text-sm text-muted" data-testid="api-token-none">
            {t('tokens.none')}
          </p>
        ) : (
          <ul className="divide-y divide-line">
            {tokens.map((k) => (
              <li key={k._id} className="flex flex-col gap-2 p-4 text-sm md:flex-row md:items-start md:justify-between" data-testid="api-token-row">
                <div className="flex min-w-0 flex-col gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{k.name}</span>
                    <code className="rounded bg-primary-subtle px-1.5 text-xs">{k.hint}…</code>
                    <Badge on={k.state === 'active'}>{stateText[k.state]}</Badge>
                  </div>
                  <p className="text-xs text-muted" data-testid="api-token-permissions">
                    {permissionText(k.permissions) || t('tokens.noEffectivePermissions')}
                  </p>
                  {k.state !== 'revoked' && k.state !== 'expired' && Object.keys(lost(k)).length > 0 && (
                    <p className="text-xs text-amber-800 dark:text-amber-300" data-testid="api-token-lost">
                      {t('tokens.lostPermissions', { permissions: permissionText(lost(k)) })}
                    </p>
                  )}
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs sm:grid-cols-[auto_1fr_auto_1fr]">
                    <dt className="text-muted">{t('tokens.owner')}</dt>
                    <dd>{k.userName}</dd>
                    <dt className="text-muted">{t('tokens.created_at')}</dt>
                    <dd>{formatLocalDate(k.createdAt.slice(0, 10), lang)}</dd>
                    <dt className="text-muted">{t('tokens.expires')}</dt>
                    {/* The last day it works (it stops at the next midnight in the company zone), as it was chosen. */}
                    <dd>{formatDate(new Date(Date.parse(k.expiresAt) - 1), lang, props.timeZone)}</dd>
                    <dt className="text-muted">{t('tokens.lastUsed')}</dt>
                    <dd data-testid="api-token-last-used">{when(k.lastUsedAt)}</dd>
                  </dl>
                </div>
                {(k.state === 'active' || k.state === 'creatorInactive') && (
                  <button type="button" className={`${secondaryButton} self-start`} onClick={() => setRevoking(k)} data-testid="api-token-revoke">
                    <ShieldOff size={16} aria-hidden="true" />
                    {t('tokens.revoke')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmActionDialog
        lang={lang}
        action={revoking ? { method: 'POST', path: `/api-tokens/${revoking._id}/revoke`, title: t('tokens.revoke'), question: t('tokens.revokeConfirm'), confirmLabel: t('tokens.revoke') } : null}
        onClose={() => setRevoking(null)}
        onDone={() => void reload()}
      />
    </div>
  );
}
