import { useEffect, useState } from 'react';
import { useForm, type FieldValues } from 'react-hook-form';
import type { Language } from '../../../i18n/languages.ts';
import { translator } from '../../../i18n/translate.ts';
import { api, ApiError } from '../../../lib/client/api.ts';
import { inputClass, primaryButton, secondaryButton } from '../ui/buttons.ts';
import { fieldError, fieldMessage, setServerErrors, valibotResolver } from '../ui/valibot-resolver.ts';
import { ORG_SCHEMAS } from './org-form-schemas.ts';
import type { OrgField, OrgTable, OrgTableName } from './org-tables.ts';

interface Option {
  _id: number;
  name: string;
  company?: number;
}

/** Add/edit form of an organisation record; the server validates again and has the last word. */
export function OrgForm(props: {
  lang: Language;
  /** Which table: its schema (org-form-schemas.ts). */
  name: OrgTableName;
  table: OrgTable;
  record: Record<string, unknown> | null;
  onSaved: (message: string) => void;
  onCancel: () => void;
}) {
  const t = translator(props.lang);
  const { table, record } = props;
  const initial = record ? { ...table.blank, ...Object.fromEntries(Object.keys(table.blank).map((k) => [k, record[k] ?? ''])) } : table.blank;
  // The fields follow the table (org-tables.ts), so the values are typed only as a record.
  const form = useForm<FieldValues, unknown, FieldValues>({ defaultValues: initial, resolver: valibotResolver(ORG_SCHEMAS[props.name]) });
  const [options, setOptions] = useState<Record<string, Option[]>>({});
  const [formError, setFormError] = useState<string>();
  const company = form.watch('company');

  useEffect(() => {
    for (const field of table.fields) {
      if (field.kind !== 'select' && field.kind !== 'multi') continue;
      api<{ data: Option[] }>(`${field.source}?pageSize=1000&sort=name`, { lang: props.lang })
        .then((res) => setOptions((o) => ({ ...o, [field.name]: res.data })))
        .catch(() => setOptions((o) => ({ ...o, [field.name]: [] })));
    }
  }, [table]);

  async function submit(values: FieldValues) {
    setFormError(undefined);
    try {
      const answer = await api<{ message: string }>(record ? `${table.path}/${record['_id']}` : table.path, {
        method: record ? 'PATCH' : 'POST',
        body: values,
        lang: props.lang,
      });
      props.onSaved(answer.message);
    } catch (e) {
      if (e instanceof ApiError) {
        setFormError(e.message);
        setServerErrors(form.setError, e.errors);
      } else {
        setFormError(t('errors.somethingWentWrong'));
      }
    }
  }

  const errorOf = (name: string) => fieldMessage(fieldError(form.formState.errors, name), t);

  const visibleOptions = (field: OrgField & { dependsOn?: 'company' }) =>
    (options[field.name] ?? []).filter((o) => !field.dependsOn || String(o.company) === String(company));

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="flex flex-col gap-4" data-testid="org-form">
      {formError && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {formError}
        </p>
      )}
      {table.fields.map((field) => {
        const id = `org-${field.name}`;
        const error = errorOf(field.name);
        const described = error ? `${id}-error` : undefined;
        return (
          <div key={field.name} className="flex flex-col gap-1">
            {field.kind === 'multi' ? (
              <fieldset aria-describedby={described}>
                <legend className="mb-1 text-sm font-medium">{t(field.label)}</legend>
                <div className="grid gap-2 sm:grid-cols-2">
                  {visibleOptions(field).map((o) => (
                    <label key={o._id} className="flex items-center gap-2 rounded-lg border border-line px-3 py-2 text-sm">
                      <input type="checkbox" value={o._id} {...form.register(field.name, { setValueAs: (vals: unknown) => (Array.isArray(vals) ? vals.map(Number) : vals ? [Number(vals)] : []) })} />
                      {o.name}
                    </label>
                  ))}
                  {visibleOptions(field).length === 0 && <p className="text-sm text-muted">{t('form.chooseCompanyFirst')}</p>}
                </div>
              </fieldset>
            ) : (
              <>
                <label htmlFor={id} className="text-sm font-medium">
                  {t(field.label)}
                </label>
                {field.kind === 'textarea' ? (
                  <textarea id={id} rows={3} aria-invalid={!!error} aria-describedby={described} className={`${inputClass} py-2`} {...form.register(field.name)} />
                ) : field.kind === 'select' ? (
                  <select id={id} aria-invalid={!!error} aria-describedby={described} className={inputClass} {...form.register(field.name)}>
                    <option value="">{t('form.choose')}</option>
                    {visibleOptions(field).map((o) => (
                      <option key={o._id} value={o._id}>
                        {o.name}
                      </option>
                    ))}
                  </select>
                ) : field.kind === 'choice' ? (
                  <select id={id} aria-invalid={!!error} aria-describedby={described} className={inputClass} {...form.register(field.name)}>
                    {field.choices.map(([value, label]) => (
                      <option key={value} value={value}>
                        {t(label)}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    id={id}
                    type={field.kind === 'number' ? 'number' : field.kind === 'date' ? 'date' : 'text'}
                    inputMode={field.kind === 'number' ? 'numeric' : undefined}
                    min={field.kind === 'number' ? 0 : undefined}
                    aria-invalid={!!error}
                    aria-describedby={described}
                    className={inputClass}
                    {...form.register(field.name)}
                  />
                )}
                {field.kind === 'number' && !error && <span className="text-xs text-muted">{t(field.hint)}</span>}
              </>
            )}
            {error && (
              <span id={`${id}-error`} className="text-xs text-red-700 dark:text-red-400">
                {error}
              </span>
            )}
          </div>
        );
      })}
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
