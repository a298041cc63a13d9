import * as v from 'valibot';
import { AcceptInvitationSchema, InviteSchema } from '../../accounts/account-links.ts';
import { PermissionsRecord } from '../../permissions/permissions-schema.ts';
import { RoleInput } from '../../permissions/role-schema.ts';
import { ACCOUNT_TYPES, USER_STATUSES, UserCreateInput, UserUpdateInput } from '../../users/user-schemas.ts';
import { contract, listOf, listQuery, MessageAnswer, queryId, readOf, savedOf } from '../contract.ts';
import { SignedInRecord } from '../../auth/sign-in-contract.ts';

/** A user account as the API answers it (`UserDto`); never a password hash. */
export const UserRecord = v.object({
  _id: v.number(),
  name: v.string(),
  email: v.string(),
  role: v.number(),
  roleName: v.string(),
  status: v.picklist(USER_STATUSES),
  accountType: v.picklist(ACCOUNT_TYPES),
  company: v.pipe(v.nullable(v.number()), v.description('The company an Admin or Employee account belongs to; null for a SuperAdmin.')),
  companyName: v.nullable(v.string()),
  employee: v.pipe(v.nullable(v.number()), v.description('The employee an account is linked to (an Employee account’s own records).')),
  employeeName: v.nullable(v.string()),
  image: v.nullable(v.string()),
  lastSignInAt: v.nullable(v.string()),
  createdAt: v.string(),
});

/** A role as the API answers it (`RoleDto`). */
export const RoleRecord = v.object({
  _id: v.number(),
  name: v.string(),
  permissions: PermissionsRecord,
  company: v.nullable(v.number()),
  companyName: v.nullable(v.string()),
  isDefault: v.pipe(v.boolean(), v.description('One of the roles every company gets (Administrator, Employee); they may be edited.')),
  users: v.pipe(v.number(), v.description('How many users have this role.')),
  createdAt: v.string(),
});

/** An employee invited, with the one-time link only for the printed sheet. */
const InvitedRecord = v.object({
  _id: v.number(),
  name: v.string(),
  email: v.pipe(v.nullable(v.string()), v.description('Null for a worker without an address: the sheet only.')),
  delivery: v.picklist(['email', 'sheet']),
  resent: v.pipe(v.boolean(), v.description('An unused invitation was replaced.')),
  url: v.pipe(v.optional(v.string()), v.description('The one-time link, answered once and only for the printed sheet.')),
});

const SkippedRecord = v.object({ _id: v.number(), name: v.string(), code: v.string(), message: v.string() });

export const USER_CONTRACTS = {
  'GET /api/users': contract({
    summary: 'List user accounts',
    query: v.object({
      ...listQuery,
      role: v.optional(queryId),
      status: v.optional(v.picklist(USER_STATUSES)),
      accountType: v.optional(v.picklist(ACCOUNT_TYPES)),
      company: v.optional(queryId),
    }),
    answer: listOf(UserRecord),
  }),
  'POST /api/users': contract({ summary: 'Create a user account', body: UserCreateInput, answer: savedOf(UserRecord), status: 201, errors: [409] }),
  'GET /api/users/{id}': contract({ answer: readOf(UserRecord) }),
  'PATCH /api/users/{id}': contract({
    summary: 'Edit a user account (a new password or account type ends its sessions)',
    body: UserUpdateInput,
    answer: savedOf(UserRecord),
    errors: [409],
  }),
  'DELETE /api/users/{id}': contract({ answer: MessageAnswer, errors: [409] }),
  'DELETE /api/users/{id}/sessions': contract({
    summary: 'End every session of the user',
    answer: v.object({ ended: v.pipe(v.number(), v.description('How many sessions were ended.')), message: v.string() }),
  }),
  'DELETE /api/users/{id}/two-factor': contract({ summary: 'Reset the user’s second factors (SuperAdmin only)', answer: MessageAnswer }),
  'GET /api/roles': contract({ summary: 'List roles', query: v.object({ ...listQuery, company: v.optional(queryId) }), answer: listOf(RoleRecord) }),
  'POST /api/roles': contract({ summary: 'Create a role (only permissions the account holds)', body: RoleInput, answer: savedOf(RoleRecord), status: 201, errors: [409] }),
  'GET /api/roles/{id}': contract({ answer: readOf(RoleRecord) }),
  'PATCH /api/roles/{id}': contract({ body: RoleInput, answer: savedOf(RoleRecord), errors: [409] }),
  'DELETE /api/roles/{id}': contract({ answer: MessageAnswer, errors: [409] }),
  'POST /api/invitations': contract({
    summary: 'Invite employees to make their account (by email or a printed sheet)',
    body: InviteSchema,
    answer: v.object({ data: v.object({ invited: v.array(InvitedRecord), skipped: v.array(SkippedRecord) }), message: v.string() }),
    status: 201,
    errors: [409],
  }),
  'POST /api/invitations/accept': contract({
    summary: 'Accept an invitation: the new account, signed in (the one-time token is the key)',
    body: AcceptInvitationSchema,
    answer: v.object({ ...SignedInRecord.entries, message: v.string() }),
    status: 201,
    errors: [409, 429],
  }),
} as const;
