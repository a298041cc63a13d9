import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { CompanyDto, RoleDto } from '#domain/api/records.ts';
import type { Permissions } from '#domain/permissions/permissions.ts';
import { RoleInput } from '#domain/permissions/role-schema.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { inputClass, primaryButton, secondaryButton } from '../ui/buttons.ts';
import { useOptions } from '../ui/use-options.ts';
import { fieldError, valibotResolver, type FormInput, type FormOutput } from '../ui/valibot-resolver.ts';
import { RequiredLegend, RequiredMark } from '../ui/required-fields.tsx';
import { PermissionsMatrix } from './PermissionsMatrix.tsx';
import { useApiAction } from '#lib/client/use-api-action.ts';

/** A role as the roles list shows it (the API's record without its creation time). */
export type RoleRow = Omit<RoleDto, 'createdAt'>;

/**
 * Add/edit form of a role: name, optional company, permissions matrix. The server validates
 * again; its field messages arrive translated.
 */
export function RoleForm(props: { lang: Language; record: RoleRow | null; onSaved: (message: string) => void; onCancel: () => void }) {
  const t = translator(props.lang);
  const { record } = props;
  const companies = useOptions<Pick<CompanyDto, '_id' | 'name'>>('/companies?pageSize=1000&sort=name', props.lang);
  const form = useForm<FormInput<typeof RoleInput>, unknown, FormOutput<typeof RoleInput>>({
    defaultValues: { name: record?.name ?? '', company: record?.company ? String(record.company) : '', permissions: record?.permissions ?? {} },
    resolver: valibotResolver(RoleInput),
  });
  const [formError, setFormError] = useState<string>();
  const { run } = useApiAction(props.lang);

  async function submit(values: FormOutput<typeof RoleInput>) {
    setFormError(undefined);
    await run(() => (record ? api('PATCH /api/roles/{id}', { params: [record._id], body: values, lang: props.lang }) : api('POST /api/roles', { body: values, lang: props.lang })), {
      setError: form.setError,
      onError: setFormError,
      then: (answer) => props.onSaved(answer.message),
    });
  }

  const errorOf = (name: string) => {
    const message = fieldError(form.formState.errors, name);
    return typeof message === 'string' ? (message.includes(' ') ? message : t(message)) : undefined;
  };
  const nameError = errorOf('name');
  const companyError = errorOf('company');
  const permissionsError = errorOf('permissions');

  // The company select shows a stored company only once its option exists: wait for the list.
  if (companies.loading) return <p className="text-sm text-muted">{t('common.loading')}</p>;

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="flex flex-col gap-4" data-testid="role-form">
      {formError && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {formError}
        </p>
      )}
      <RequiredLegend text={t('firstSteps.requiredLegend')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor="role-name" className="text-sm font-medium">
            {t('roles.name')}
            <RequiredMark required />
          </label>
          <input id="role-name" className={inputClass} aria-required aria-invalid={!!nameError} aria-describedby={nameError ? 'role-name-error' : undefined} {...form.register('name')} />
          {nameError && (
            <span id="role-name-error" className="text-xs text-red-700 dark:text-red-400">
              {nameError}
            </span>
          )}
        </div>
        {!companies.error && (
          <div className="flex flex-col gap-1">
            <label htmlFor="role-company" className="text-sm font-medium">
              {t('fields.company')}
            </label>
            <select id="role-company" className={inputClass} aria-invalid={!!companyError} {...form.register('company')}>
              <option value="">{t('roles.anyCompany')}</option>
              {companies.options.map((c) => (
                <option key={c._id} value={c._id}>
                  {c.name}
                </option>
              ))}
            </select>
            {companyError && <span className="text-xs text-red-700 dark:text-red-400">{companyError}</span>}
          </div>
        )}
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('roles.permissions')}</legend>
        <Controller control={form.control} name="permissions" render={({ field }) => <PermissionsMatrix lang={props.lang} value={field.value as Permissions} onChange={field.onChange} />} />
        <p className="text-xs text-muted">{t('roles.matrixHint')}</p>
        {permissionsError && <span className="text-xs text-red-700 dark:text-red-400">{permissionsError}</span>}
      </fieldset>
      <div className="mt-2 flex justify-end gap-2">
        <button type="button" className={secondaryButton} onClick={props.onCancel}>
          {t('form.cancel')}
        </button>
        <button type="submit" className={primaryButton} disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('common.loading') : t('form.save')}
        </button>
      </div>
    </form>
  );
}
