import type { AccountType } from '../../../domain/permissions/permissions.ts';
import type { Language } from '../../../i18n/languages.ts';
import { translator } from '../../../i18n/translate.ts';

/** i18n keys of the account types (spec section 3). */
export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  SuperAdmin: 'accountTypes.SuperAdmin',
  Admin: 'accountTypes.Admin',
  Employee: 'accountTypes.Employee',
};

export const USER_STATUS_LABELS = { enabled: 'users.enabled', disabled: 'users.disabled' } as const;

/** Enabled / Disabled, as a coloured badge with its word (colour is never the only cue). */
export function StatusBadge(props: { lang: Language; status: 'enabled' | 'disabled' }) {
  const t = translator(props.lang);
  const enabled = props.status === 'enabled';
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${enabled ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200' : 'bg-gray-200 text-gray-800 dark:bg-gray-800 dark:text-gray-200'}`}
    >
      {t(USER_STATUS_LABELS[props.status])}
    </span>
  );
}
