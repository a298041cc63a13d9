/** What the employee list shows about an employee's account. */
export const ACCOUNT_STATUSES = ['joined', 'invited', 'expired', 'none'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** Its label's i18n key. */
export const ACCOUNT_STATUS_LABELS: Readonly<Record<AccountStatus, string>> = {
  joined: 'invitations.status.joined',
  invited: 'invitations.status.invited',
  expired: 'invitations.status.expired',
  none: 'invitations.status.none',
};
