import { useEffect, useState, type ReactNode } from 'react';
import { AppToaster } from '../ui/AppToaster.tsx';
import { useForm, type Path } from 'react-hook-form';
import { isGrantable } from '#domain/permissions/grantable.ts';
import type { Permissions } from '#domain/permissions/permissions.ts';
import { ACCOUNT_TYPES, needsCompany, USER_STATUSES, UserCreateInput, UserUpdateInput } from '#domain/users/user-schemas.ts';
import type { UserDto } from '#domain/api/records.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { inputClass, primaryButton, secondaryButton } from '../ui/buttons.ts';
import { useOptions } from '../ui/use-options.ts';
import { fieldError, valibotResolver, type FormInput, type FormOutput } from '../ui/valibot-resolver.ts';
import { RequiredLegend, RequiredMark, requiredFieldsOf } from '../ui/required-fields.tsx';
import { roleDisplayName } from '#domain/permissions/role-names.ts';
import { ACCOUNT_TYPE_LABELS, USER_STATUS_LABELS } from './user-labels.tsx';
import { useApiAction } from '#lib/client/use-api-action.ts';

/** The stored user being edited (the users API's record), or null to create one. */
export type UserRecord = Pick<UserDto, '_id' | 'name' | 'email' | 'role' | 'status' | 'accountType' | 'company' | 'employee'>;

/** Create and update share the fields; on update the password may stay empty. */
type UserFormInput = FormInput<typeof UserCreateInput> | FormInput<typeof UserUpdateInput>;
type UserFormOutput = FormOutput<typeof UserCreateInput> | FormOutput<typeof UserUpdateInput>;

interface Named {
  _id: number;
  name?: string;
  /** A role's permissions (the roles list). */
  permissions?: Permissions;
  firstName?: string;
  lastName?: string;
}

const nameOf = (o: Named) => o.name ?? (`${o.firstName ?? ''} ${o.lastName ?? ''}`.trim() || `#${o._id}`);

/**
 * The full-page user form (/users-create, /users-edit/{id}). Options come from the roles,
 * companies and employees lists; when the employee list is not available (not permitted, or not
 * implemented yet) the employee is entered by number. On success it returns to /users, which
 * shows the server's message. The role choice offers only the roles the actor could grant
 * (decision 021; the server decides) and the record's current role.
 */
export default function UserForm(props: { lang: Language; record: UserRecord | null; actorIsSuperAdmin: boolean; actorPermissions: Permissions }) {
  const { lang, record } = props;
  const t = translator(lang);
  const roles = useOptions<Named>('/roles?pageSize=1000&sort=name', lang);
  const companies = useOptions<Named>('/companies?pageSize=1000&sort=name', lang);
  const employees = useOptions<Named>('/employees?pageSize=1000', lang);
  const [formError, setFormError] = useState<string>();
  const { run } = useApiAction(lang);
  const form = useForm<UserFormInput, unknown, UserFormOutput>({
    defaultValues: {
      name: record?.name ?? '',
      email: record?.email ?? '',
      // Never Administrator by default (issue 36.1): the least a new account can be.
      accountType: record?.accountType ?? 'Employee',
      role: record ? String(record.role) : '',
      status: record?.status ?? 'enabled',
      company: record?.company ? String(record.company) : '',
      employee: record?.employee ? String(record.employee) : '',
      password: '',
      confirmPassword: '',
    },
    resolver: valibotResolver(record ? UserUpdateInput : UserCreateInput),
  });
  // A new account of an installation with one company belongs to it: preselected, not asked (issue 34.1).
  const onlyCompany = !record && companies.options.length === 1 ? String(companies.options[0]!._id) : null;
  useEffect(() => {
    if (onlyCompany !== null && form.getValues('company') === '') form.setValue('company', onlyCompany);
  }, [onlyCompany, form]);
  // The role must be chosen, though its schema starts from "none" to refuse it with a message.
  const schemaRequired = requiredFieldsOf(record ? UserUpdateInput : UserCreateInput, ['role']);
  // Admin and Employee accounts belong to a company (issue 34.1); only a SuperAdmin may have none.
  const required = needsCompany(form.watch('accountType')) ? new Set([...schemaRequired, 'company']) : schemaRequired;
  const grantor = { accountType: props.actorIsSuperAdmin ? ('SuperAdmin' as const) : ('Admin' as const), permissions: props.actorPermissions };
  const roleOptions = roles.options.filter((o) => o._id === record?.role || isGrantable(grantor, o.permissions ?? {}));
  const accountTypes = ACCOUNT_TYPES.filter((a) => a !== 'SuperAdmin' || props.actorIsSuperAdmin || record?.accountType === 'SuperAdmin');

  async function submit(values: UserFormOutput) {
    setFormError(undefined);
    await run(() => (record ? api('PATCH /api/users/{id}', { params: [record._id], body: values, lang }) : api('POST /api/users', { body: values, lang })), {
      setError: form.setError,
      onError: setFormError,
      success: 'flash',
      then: { assign: '/users' },
    });
  }

  const errorOf = (name: string) => {
    const message = fieldError(form.formState.errors, name);
    // Client messages are keys; server messages arrive translated.
    return typeof message === 'string' ? (message.includes(' ') ? message : t(message)) : undefined;
  };

  /** A labelled control with its hint and error, wired for screen readers. */
  const field = (name: string, label: string, control: (a11y: Record<string, unknown>) => ReactNode, hint?: string) => {
    const id = `user-${name}`;
    const error = errorOf(name);
    const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
          <RequiredMark required={required.has(name)} />
        </label>
        {control({ id, 'aria-invalid': !!error, 'aria-required': required.has(name) || undefined, 'aria-describedby': describedBy })}
        {hint && (
          <span id={`${id}-hint`} className="text-xs text-muted">
            {hint}
          </span>
        )}
        {error && (
          <span id={`${id}-error`} className="text-xs text-red-700 dark:text-red-400">
            {error}
          </span>
        )}
      </div>
    );
  };

  const select = (name: Path<UserFormInput>, options: ReactNode, a11y: Record<string, unknown>) => (
    <select className={inputClass} {...a11y} {...form.register(name)}>
      {options}
    </select>
  );

  const employeeControl = (a11y: Record<string, unknown>) =>
    employees.error ? (
      <input type="number" min={1} inputMode="numeric" className={inputClass} {...a11y} {...form.register('employee')} />
    ) : (
      select(
        'employee',
        <>
          <option value="">{t('users.noEmployee')}</option>
          {employees.options.map((o) => (
            <option key={o._id} value={o._id}>
              {nameOf(o)}
            </option>
          ))}
        </>,
        a11y,
      )
    );

  const section = (title: string, children: ReactNode) => (
    <section className="rounded-2xl border border-line bg-card p-5 sm:p-6">
      <h2 className="mb-4 text-base font-semibold">{title}</h2>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );

  // Selects show a stored value only once its option exists: the form waits for the lists.
  if (roles.loading || companies.loading || employees.loading) return <p className="text-muted">{t('common.loading')}</p>;

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="flex max-w-4xl flex-col gap-5" data-testid="user-form">
      <AppToaster />
      {formError && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {formError}
        </p>
      )}
      <RequiredLegend text={t('firstSteps.requiredLegend')} />
      {section(
        t('users.sectionAccount'),
        <>
          {field('name', t('fields.name'), (a) => (
            <input type="text" autoComplete="off" className={inputClass} {...a} {...form.register('name')} />
          ))}
          {field('email', t('common.email'), (a) => (
            <input type="email" autoComplete="off" className={inputClass} {...a} {...form.register('email')} />
          ))}
          {field('status', t('fields.status'), (a) =>
            select(
              'status',
              USER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(USER_STATUS_LABELS[s])}
                </option>
              )),
              a,
            ),
          )}
        </>,
      )}
      {section(
        t('users.sectionAccess'),
        <>
          {field('accountType', t('users.accountType'), (a) =>
            select(
              'accountType',
              accountTypes.map((s) => (
                <option key={s} value={s}>
                  {t(ACCOUNT_TYPE_LABELS[s])}
                </option>
              )),
              a,
            ),
          )}
          {field(
            'role',
            t('users.role'),
            (a) =>
              select(
                'role',
                <>
                  <option value="">{t('form.choose')}</option>
                  {roleOptions.map((o) => (
                    <option key={o._id} value={o._id}>
                      {roleDisplayName(nameOf(o), t)}
                    </option>
                  ))}
                </>,
                a,
              ),
            roles.error?.message,
          )}
          {field(
            'company',
            t('fields.company'),
            (a) =>
              select(
                'company',
                <>
                  <option value="">{t('users.noCompany')}</option>
                  {companies.options.map((o) => (
                    <option key={o._id} value={o._id}>
                      {nameOf(o)}
                    </option>
                  ))}
                </>,
                a,
              ),
            companies.error?.message,
          )}
          {field('employee', employees.error ? t('users.employeeNumber') : t('users.employee'), employeeControl, employees.error ? t('users.employeeListUnavailable') : t('users.employeeHint'))}
        </>,
      )}
      {section(
        t('common.password'),
        <>
          {field(
            'password',
            t('common.password'),
            (a) => (
              <input type="password" autoComplete="new-password" className={inputClass} {...a} {...form.register('password')} />
            ),
            t(record ? 'users.passwordKeep' : 'users.passwordRules'),
          )}
          {field('confirmPassword', t('common.confirmPassword'), (a) => (
            <input type="password" autoComplete="new-password" className={inputClass} {...a} {...form.register('confirmPassword')} />
          ))}
        </>,
      )}
      <div className="flex justify-end gap-2">
        <a href="/users" className={secondaryButton}>
          {t('form.cancel')}
        </a>
        <button type="submit" className={primaryButton} disabled={form.formState.isSubmitting} data-testid="save-user">
          {form.formState.isSubmitting ? t('common.loading') : t('form.save')}
        </button>
      </div>
    </form>
  );
}
