import { useEffect, useState } from 'react';
import { useForm, type FieldValues } from 'react-hook-form';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { inputClass, primaryButton, secondaryButton } from '../ui/buttons.ts';
import { fieldError, fieldMessage, valibotResolver } from '../ui/valibot-resolver.ts';
import { RequiredLegend, RequiredMark, requiredFieldsOf } from '../ui/required-fields.tsx';
import { ORG_SCHEMAS } from './org-form-schemas.ts';
import type { OrgField, OrgTable, OrgTableName } from './org-tables.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';

interface Option {
  _id: number;
  name: string;
  company?: number;
}

type Props = {
  lang: Language;
  /** Which table: its schema (org-form-schemas.ts). */
  name: OrgTableName;
  table: OrgTable;
  record: Record<string, unknown> | null;
  onSaved: (message: string) => void;
  onCancel: () => void;
};

/**
 * Add/edit form of an organisation record; the server validates again and has the last word.
 * The select and checkbox options load first: a select shows its stored value only once that
 * value's option exists, so the fields render with the record's values after the options.
 */
export function OrgForm(props: Props) {
  const t = translator(props.lang);
  const { table } = props;
  const [options, setOptions] = useState<Record<string, Option[]>>();

  useEffect(() => {
    const sources = table.fields.filter((f): f is OrgField & { source: string } => f.kind === 'select' || f.kind === 'multi');
    let live = true;
    Promise.all(
      sources.map((field) =>
        api<{ data: Option[] }>(`${field.source}?pageSize=1000&sort=name`, { lang: props.lang })
          .then((res) => [field.name, res.data] as const)
          .catch(() => [field.name, [] as Option[]] as const),
      ),
    ).then((loaded) => live && setOptions(Object.fromEntries(loaded)));
    return () => {
      live = false;
    };
  }, [table]); // eslint-disable-line react-hooks/exhaustive-deps -- the language is fixed for the page (a switch reloads it)

  if (!options) return <p className="text-sm text-muted">{t('common.loading')}</p>;
  return <OrgFields {...props} options={options} />;
}

/**
 * The form's values from the stored record, as the controls hold them: ids as strings (a
 * checkbox is ticked when its value string is in the array). A new record takes the only
 * company when there is exactly one.
 */
function initialValues(table: OrgTable, record: Record<string, unknown> | null, options: Record<string, Option[]>): FieldValues {
  if (!record) {
    const companies = options['company'] ?? [];
    const only = companies.length === 1 && 'company' in table.blank ? { company: String(companies[0]!._id) } : {};
    return { ...table.blank, ...only };
  }
  return Object.fromEntries(
    Object.keys(table.blank).map((k) => {
      const value = record[k];
      if (Array.isArray(value)) return [k, value.map(String)];
      if (value === null || value === undefined) return [k, ''];
      if (typeof value === 'boolean') return [k, String(value)];
      return [k, typeof value === 'number' ? String(value) : value];
    }),
  );
}

function OrgFields(props: Props & { options: Record<string, Option[]> }) {
  const t = translator(props.lang);
  const { table, record, options } = props;
  // The fields follow the table (org-tables.ts), so the values are typed only as a record.
  const [defaults] = useState(() => initialValues(table, record, options));
  const form = useForm<FieldValues, unknown, FieldValues>({
    defaultValues: defaults,
    resolver: valibotResolver(ORG_SCHEMAS[props.name]),
  });
  const required = requiredFieldsOf(ORG_SCHEMAS[props.name]);
  const [formError, setFormError] = useState<string>();
  const { run } = useApiAction(props.lang);
  const company = form.watch('company');

  async function submit(values: FieldValues) {
    setFormError(undefined);
    await run(() => api<{ message: string }>(record ? `${table.path}/${record['_id']}` : table.path, { method: record ? 'PATCH' : 'POST', body: values, lang: props.lang }), {
      setError: form.setError,
      onError: setFormError,
      then: (answer) => props.onSaved(answer.message),
    });
  }

  const errorOf = (name: string) => fieldMessage(fieldError(form.formState.errors, name), t);

  const visibleOptions = (field: OrgField & { dependsOn?: 'company' }) => (options[field.name] ?? []).filter((o) => !field.dependsOn || String(o.company) === String(company));

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="flex flex-col gap-4" data-testid="org-form">
      {formError && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {formError}
        </p>
      )}
      <RequiredLegend text={t('firstSteps.requiredLegend')} />
      {table.fields.map((field) => {
        const id = `org-${field.name}`;
        const error = errorOf(field.name);
        const described = error ? `${id}-error` : undefined;
        const isRequired = required.has(field.name);
        return (
          <div key={field.name} className="flex flex-col gap-1">
            {field.kind === 'multi' ? (
              <fieldset aria-describedby={described} data-field={field.name}>
                <legend className="mb-1 text-sm font-medium">
                  {t(field.label)}
                  <RequiredMark required={isRequired} />
                  {isRequired && <span className="sr-only"> ({t('firstSteps.required')})</span>}
                </legend>
                <div className="grid gap-2 sm:grid-cols-2">
                  {visibleOptions(field).map((o) => (
                    <label key={o._id} className="flex items-center gap-2 rounded-lg border border-line px-3 py-2 text-sm">
                      {/* Ticked from the stored values by the DOM itself: react-hook-form leaves a
                          checkbox group that mounts with its default array unticked. */}
                      <input
                        type="checkbox"
                        value={o._id}
                        defaultChecked={(defaults[field.name] as string[]).includes(String(o._id))}
                        {...form.register(field.name, { setValueAs: (vals: unknown) => (Array.isArray(vals) ? vals.map(Number) : vals ? [Number(vals)] : []) })}
                      />
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
                  <RequiredMark required={isRequired} />
                </label>
                {field.kind === 'textarea' ? (
                  <textarea id={id} rows={3} aria-invalid={!!error} aria-required={isRequired || undefined} aria-describedby={described} className={`${inputClass} py-2`} {...form.register(field.name)} />
                ) : field.kind === 'select' ? (
                  <select id={id} aria-invalid={!!error} aria-required={isRequired || undefined} aria-describedby={described} className={inputClass} {...form.register(field.name)}>
                    <option value="">{t('form.choose')}</option>
                    {visibleOptions(field).map((o) => (
                      <option key={o._id} value={o._id}>
                        {o.name}
                      </option>
                    ))}
                  </select>
                ) : field.kind === 'choice' ? (
                  <select id={id} aria-invalid={!!error} aria-required={isRequired || undefined} aria-describedby={described} className={inputClass} {...form.register(field.name)}>
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
                    inputMode={field.kind === 'number' ? 'decimal' : undefined}
                    min={field.kind === 'number' ? 0 : undefined}
                    step={field.kind === 'number' ? 'any' : undefined}
                    aria-invalid={!!error}
                    aria-required={isRequired || undefined}
                    aria-describedby={described}
                    className={inputClass}
                    {...form.register(field.name)}
                  />
                )}
                {'hint' in field && field.hint && !error && <span className="text-xs text-muted">{t(field.hint)}</span>}
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
