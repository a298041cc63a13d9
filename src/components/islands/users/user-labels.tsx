import { Badge } from '../ui/Badge.tsx';
import type { AccountType } from '#domain/permissions/permissions.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';

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
  return <Badge on={props.status === 'enabled'}>{t(USER_STATUS_LABELS[props.status])}</Badge>;
}
