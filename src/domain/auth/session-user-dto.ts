import type { AccountType, Permissions } from '../permissions/permissions.ts';

/** The session user of the login and sign-up answers (docs/architecture.md API table), also kept by the browser. */
export interface SessionUserDto {
  _id: number;
  full_name: string;
  email: string;
  image: string | null;
  account_type: AccountType;
  role: Permissions;
}
