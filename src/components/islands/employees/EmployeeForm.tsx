import { useEffect, useState, type ReactNode } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { AppToaster } from '../ui/AppToaster.tsx';
import { useConfirmDiscard } from '../ui/ConfirmDiscard.tsx';
import { CIVIL_STATUSES, EmployeeCreateInput, EmployeeUpdateInput, EMPLOYMENT_TYPES, GENDERS } from '#domain/employees/employee-schema.ts';
import { ageOn } from '#domain/employees/age.ts';
import { WORKING_DAY_LABELS, WORKING_DAY_TYPES } from '#domain/employees/working-day.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { setFlash, showFlash } from '#lib/client/flash.ts';
import { inputClass, primaryButton, secondaryButton } from '../ui/buttons.ts';
import { fieldError, fieldMessage, valibotResolver, type FormInput, type FormOutput } from '../ui/valibot-resolver.ts';
import type { EmployeeDto } from '#domain/api/records.ts';
import { RequiredLegend, RequiredMark, requiredFieldsOf } from '../ui/required-fields.tsx';
import { useApiAction } from '#lib/client/use-api-action.ts';

interface Option {
  _id: number;
  name: string;
  company?: number;
  department?: number;
}

interface Props {
  lang: Language;
  /** The employee being edited (API shape), or null to create one. */
  employee: EmployeeDto | null;
  today: string;
  /** Editing: the first date a contract change may apply from (the day after the last approved period), or null. */
  contractOpenFrom?: string | null;
}

/** Create and update share the fields; on update an empty PIN keeps the current one. */
type EmployeeFormInput = FormInput<typeof EmployeeCreateInput> | FormInput<typeof EmployeeUpdateInput>;
type EmployeeField = Path<EmployeeFormInput>;
type EmployeeFormOutput = FormOutput<typeof EmployeeCreateInput> | FormOutput<typeof EmployeeUpdateInput>;

const EMPTY: EmployeeFormInput = {
  firstName: '',
  lastName: '',
  gender: '',
  civilStatus: '',
  height: '',
  weight: '',
  email: '',
  phone: '',
  birthday: '',
  nationalId: '',
  placeOfBirth: '',
  address: '',
  company: '',
  department: '',
  jobTitle: '',
  leaveGroup: '',
  leavePrivilege: '',
  companyEmail: '',
  employmentType: 'regular',
  employmentStatus: '',
  officialStartDate: '',
  endDate: '',
  dateRegularized: '',
  pin: '',
  rfidCard: '',
  status: 'active',
  socialSecurityNumber: '',
  workingDayType: 'full-time',
  partTimePercent: '',
  professionalCategory: '',
  contractType: '',
  personalClock: '',
};

const GENDER_LABELS = { female: 'employees.genderFemale', male: 'employees.genderMale', other: 'employees.genderOther' } as const;
const CIVIL_LABELS = {
  single: 'employees.civilSingle',
  married: 'employees.civilMarried',
  partner: 'employees.civilPartner',
  divorced: 'employees.civilDivorced',
  widowed: 'employees.civilWidowed',
} as const;
const TYPE_LABELS = { regular: 'employees.typeRegular', trainee: 'employees.typeTrainee' } as const;

/**
 * Employee create/edit form (spec section 2): personal information, image, employment information.
 * The PIN is write-only: never shown; empty on edit keeps the current one. "Let Jornada choose the
 * PIN" sends `generatePin: true`: the server picks a free random PIN, and this form shows it once
 * before going on.
 */
export default function EmployeeForm({ lang, employee, today, contractOpenFrom = null }: Props) {
  const t = translator(lang);
  const editing = employee !== null;
  // A contract change applies from a date (effective-dated, issue 33 point 1): today by default,
  // never before the first date no approved period covers.
  const contractDefault = contractOpenFrom && contractOpenFrom > today ? contractOpenFrom : today;
  const initial = editing ? { ...Object.fromEntries(Object.keys(EMPTY).map((k) => [k, k === 'pin' ? '' : (employee[k as keyof EmployeeDto] ?? '')])), contractEffectiveFrom: contractDefault } : EMPTY;
  const [generatePin, setGeneratePin] = useState(false);
  const [generated, setGenerated] = useState<{ pin: string; message: string; next: string }>();
  const schemaResolver = valibotResolver(editing ? EmployeeUpdateInput : EmployeeCreateInput);
  const form = useForm<EmployeeFormInput, unknown, EmployeeFormOutput>({
    defaultValues: initial,
    // The server chooses the PIN: the form's own PIN field is not checked.
    resolver: (values, context, options) => schemaResolver(generatePin ? { ...values, pin: '000000' } : values, context, options),
  });
  const [options, setOptions] = useState<Record<string, Option[]>>({});
  const [formError, setFormError] = useState<string>();
  const { run } = useApiAction(lang);
  const [company, department, jobTitle, birthday, workingDayType, partTimePercent] = form.watch(['company', 'department', 'jobTitle', 'birthday', 'workingDayType', 'partTimePercent']);
  // The date is asked for (and sent) only when the working day or its percentage changes.
  const contractChanged = editing && (workingDayType !== employee.workingDayType || (workingDayType === 'part-time' && String(partTimePercent ?? '') !== String(employee.partTimePercent ?? '')));
  const age = ageOn(String(birthday ?? ''), today);

  useEffect(() => {
    for (const [key, path] of [
      ['company', '/companies'],
      ['department', '/departments'],
      ['jobTitle', '/job-titles'],
      ['leaveGroup', '/leave-groups'],
    ] as const) {
      api<{ data: Option[] }>(`${path}?pageSize=1000&sort=name`, { lang })
        .then((res) => setOptions((o) => ({ ...o, [key]: res.data })))
        .catch(() => setOptions((o) => ({ ...o, [key]: [] })));
    }
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- loaded once; the language is fixed for the page (a switch reloads it)

  async function submit(values: EmployeeFormOutput) {
    setFormError(undefined);
    const { contractEffectiveFrom, ...rest } = values as EmployeeFormOutput & { contractEffectiveFrom?: string | null };
    const sent = contractChanged ? { ...rest, contractEffectiveFrom } : rest;
    const body = generatePin ? { ...sent, pin: '', generatePin: true } : sent;
    // A new employee's PIN is required (the server says so when it is missing).
    await run(async () => (employee ? await api('PATCH /api/employees/{id}', { params: [employee._id], body, lang }) : await api('POST /api/employees', { body: { ...body, pin: body.pin ?? '' }, lang })), {
      setError: form.setError,
      onError: setFormError,
      then: (answer) => {
        const next = editing ? `/employee-details/${answer.data._id}` : `/employee-edit/${answer.data._id}#photos`;
        // A generated PIN is shown once before leaving (the dialog then goes to `next`).
        if (answer.generatedPin) return setGenerated({ pin: answer.generatedPin, message: answer.message, next });
        setFlash(answer.message);
        return { assign: next };
      },
    });
  }

  function leaveForm() {
    setFlash(t('messages.employeeDiscarded'), 'info');
    window.location.assign(editing ? `/employee-details/${employee._id}` : '/employees');
  }
  const discardGuard = useConfirmDiscard(lang, form.formState.isDirty, leaveForm);

  const err = (name: string) => fieldMessage(fieldError(form.formState.errors, name), t);
  // The 10 fields the create schema refuses empty (9 on edit, where an empty PIN keeps it; email is optional, issue 37).
  // Part time needs its percentage (the schema's cross-field rule, working-day.ts).
  const required = requiredFieldsOf(editing ? EmployeeUpdateInput : EmployeeCreateInput, workingDayType === 'part-time' ? ['partTimePercent'] : []);
  const field = (name: string, label: string, control: ReactNode, hint?: string, wide = false) => (
    <div className={`flex flex-col gap-1 ${wide ? 'sm:col-span-2' : ''}`}>
      <label htmlFor={`emp-${name}`} className="text-sm font-medium">
        {label}
        <RequiredMark required={required.has(name)} />
      </label>
      {control}
      {err(name) ? (
        <span id={`emp-${name}-error`} className="text-xs text-red-700 dark:text-red-400">
          {err(name)}
        </span>
      ) : (
        hint && <span className="text-xs text-muted">{hint}</span>
      )}
    </div>
  );
  const input = (name: EmployeeField, type = 'text', extra: Record<string, unknown> = {}) => (
    <input
      id={`emp-${name}`}
      type={type}
      className={inputClass}
      aria-required={required.has(name) || undefined}
      aria-invalid={!!err(name)}
      aria-describedby={err(name) ? `emp-${name}-error` : undefined}
      {...extra}
      {...form.register(name)}
    />
  );
  const select = (name: EmployeeField, choices: ReactNode) => (
    <select id={`emp-${name}`} className={inputClass} aria-required={required.has(name) || undefined} aria-invalid={!!err(name)} aria-describedby={err(name) ? `emp-${name}-error` : undefined} {...form.register(name)}>
      {choices}
    </select>
  );
  const choose = <option value="">{t('form.choose')}</option>;
  const opts = (key: string, filter: (o: Option) => boolean = () => true) =>
    (options[key] ?? []).filter(filter).map((o) => (
      <option key={o._id} value={o._id}>
        {o.name}
      </option>
    ));
  const group = (title: string, children: ReactNode, id: string) => (
    <section className="rounded-2xl border border-line bg-card p-6" aria-labelledby={id}>
      <h2 id={id} className="mb-5 text-lg font-semibold">
        {title}
      </h2>
      <div className="grid gap-5 sm:grid-cols-2">{children}</div>
    </section>
  );

  const ready = Object.keys(options).length >= 4;
  const inCompany = (o: Option) => String(o.company) === String(company);
  // Job titles of the chosen department; before one is chosen, every one of the company (issue 37).
  const jobTitleFits = (o: Option) => (department ? String(o.department) === String(department) : !company || inCompany(o));
  useEffect(() => {
    if (!ready) return;
    const set = (name: EmployeeField, value: unknown) => form.setValue(name, String(value), { shouldValidate: !!form.formState.errors[name as keyof typeof form.formState.errors] });
    const title = (options['jobTitle'] ?? []).find((o) => String(o._id) === String(jobTitle));
    // A job title chosen first brings its department; a department's job title from another one is dropped.
    if (title && !department && title.department !== undefined) return set('department', title.department);
    if (title && department && String(title.department) !== String(department)) return set('jobTitle', '');
    // The only choice left is chosen: one department in the company, one job title in the department, one leave group.
    const only = (key: string, fits: (o: Option) => boolean) => {
      const left = (options[key] ?? []).filter(fits);
      return company && left.length === 1 ? left[0]!._id : undefined;
    };
    const values = form.getValues();
    const oneDepartment = !values.department ? only('department', inCompany) : undefined;
    if (oneDepartment !== undefined) return set('department', oneDepartment);
    const oneTitle = !values.jobTitle && department ? only('jobTitle', jobTitleFits) : undefined;
    if (oneTitle !== undefined) set('jobTitle', oneTitle);
    const oneGroup = !values.leaveGroup ? only('leaveGroup', inCompany) : undefined;
    if (oneGroup !== undefined) set('leaveGroup', oneGroup);
  }, [ready, company, department, jobTitle]); // eslint-disable-line react-hooks/exhaustive-deps -- reacts to the three choices only
  useEffect(() => {
    if (!ready) return;
    showFlash();
    // A new employee of the only company: that company, chosen already.
    const companies = options['company'] ?? [];
    if (!editing && companies.length === 1 && !form.getValues('company')) form.setValue('company', String(companies[0]!._id));
  }, [ready]); // eslint-disable-line react-hooks/exhaustive-deps -- once, when the options have loaded

  if (generated) {
    return (
      <section className="rounded-2xl border border-line bg-card p-6" role="status" data-testid="generated-pin">
        <p className="mb-2">{generated.message}</p>
        <p className="mb-2 text-lg font-semibold">
          {t('employees.generatedPin')} <span className="font-mono tracking-widest">{generated.pin}</span>
        </p>
        <p className="mb-4 text-sm text-muted">{t('employees.generatedPinHint')}</p>
        <button type="button" className={primaryButton} onClick={() => window.location.assign(generated.next)}>
          {t('employees.generatedPinDone')}
        </button>
      </section>
    );
  }

  // Selects need their options before the record's values can show in them.
  if (!ready) return <p className="text-muted">{t('common.loading')}</p>;

  return (
    <>
      <AppToaster />
      {discardGuard.dialog}
      <form onSubmit={form.handleSubmit(submit)} noValidate className="flex flex-col gap-6" data-testid="employee-form">
        {formError && (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
            {formError}
          </p>
        )}
        <RequiredLegend text={t('firstSteps.requiredLegend')} />
        {group(
          t('employees.personal'),
          <>
            {field('firstName', t('employees.firstName'), input('firstName', 'text', { autoComplete: 'off' }))}
            {field('lastName', t('employees.lastName'), input('lastName', 'text', { autoComplete: 'off' }))}
            {field(
              'gender',
              t('employees.gender'),
              select(
                'gender',
                <>
                  {choose}
                  {GENDERS.map((g) => (
                    <option key={g} value={g}>
                      {t(GENDER_LABELS[g])}
                    </option>
                  ))}
                </>,
              ),
            )}
            {field(
              'civilStatus',
              t('employees.civilStatus'),
              select(
                'civilStatus',
                <>
                  {<option value="">—</option>}
                  {CIVIL_STATUSES.map((c) => (
                    <option key={c} value={c}>
                      {t(CIVIL_LABELS[c])}
                    </option>
                  ))}
                </>,
              ),
            )}
            {field('birthday', t('employees.birthday'), input('birthday', 'date'), age !== undefined ? t('employees.age', { age }) : undefined)}
            {field('placeOfBirth', t('employees.placeOfBirth'), input('placeOfBirth'))}
            {field('nationalId', t('employees.nationalId'), input('nationalId'))}
            {field('socialSecurityNumber', t('employees.socialSecurityNumber'), input('socialSecurityNumber', 'text', { autoComplete: 'off', inputMode: 'numeric' }), t('employees.ssnHint'))}
            {field('email', t('common.email'), input('email', 'email'))}
            {field('phone', t('employees.phone'), input('phone', 'tel'))}
            {field('address', t('employees.address'), input('address'), undefined, false)}
            {field('height', t('employees.height'), input('height', 'number', { min: 1, max: 260, inputMode: 'numeric' }))}
            {field('weight', t('employees.weight'), input('weight', 'number', { min: 1, max: 400, inputMode: 'numeric' }))}
          </>,
          'emp-personal',
        )}
        {!editing && (
          <section className="rounded-2xl border border-dashed border-line bg-card p-6" aria-labelledby="emp-image">
            <h2 id="emp-image" className="mb-2 text-lg font-semibold">
              {t('employees.image')}
            </h2>
            <p className="text-sm text-muted">{t('employees.imageAfterSave')}</p>
          </section>
        )}
        {group(
          t('employees.employment'),
          <>
            {field(
              'company',
              t('fields.company'),
              select(
                'company',
                <>
                  {choose}
                  {opts('company')}
                </>,
              ),
            )}
            {field(
              'department',
              t('fields.department'),
              select(
                'department',
                <>
                  {choose}
                  {opts('department', inCompany)}
                </>,
              ),
            )}
            {field(
              'jobTitle',
              t('employees.jobTitle'),
              select(
                'jobTitle',
                <>
                  {choose}
                  {opts('jobTitle', jobTitleFits)}
                </>,
              ),
            )}
            {field(
              'leaveGroup',
              t('employees.leaveGroup'),
              select(
                'leaveGroup',
                <>
                  {choose}
                  {opts('leaveGroup', inCompany)}
                </>,
              ),
            )}
            {field(
              'employmentType',
              t('employees.employmentType'),
              select(
                'employmentType',
                EMPLOYMENT_TYPES.map((v) => (
                  <option key={v} value={v}>
                    {t(TYPE_LABELS[v])}
                  </option>
                )),
              ),
            )}
            {field('employmentStatus', t('employees.employmentStatus'), input('employmentStatus'))}
            {field(
              'workingDayType',
              t('employees.workingDayType'),
              select(
                'workingDayType',
                WORKING_DAY_TYPES.map((w) => (
                  <option key={w} value={w}>
                    {t(WORKING_DAY_LABELS[w])}
                  </option>
                )),
              ),
            )}
            {workingDayType === 'part-time' && field('partTimePercent', t('employees.partTimePercent'), input('partTimePercent', 'number', { min: 1, max: 99, inputMode: 'numeric' }), t('employees.partTimePercentHint'))}
            {contractChanged &&
              field(
                'contractEffectiveFrom',
                t('employees.contractEffectiveFrom'),
                input('contractEffectiveFrom' as EmployeeField, 'date', contractOpenFrom ? { min: contractOpenFrom } : {}),
                contractOpenFrom && contractOpenFrom > today ? t('employees.contractOpenFromHint', { date: contractOpenFrom }) : t('employees.contractEffectiveFromHint'),
              )}
            {field('professionalCategory', t('employees.professionalCategory'), input('professionalCategory'))}
            {field('contractType', t('employees.contractType'), input('contractType'), t('employees.contractTypeHint'))}
            {field('officialStartDate', t('employees.officialStartDate'), input('officialStartDate', 'date'))}
            {field('endDate', t('employees.endDate'), input('endDate', 'date'), t('employees.endDateHint'))}
            {field('dateRegularized', t('employees.dateRegularized'), input('dateRegularized', 'date'))}
            {field('companyEmail', t('employees.companyEmail'), input('companyEmail', 'email'))}
            {field('leavePrivilege', t('employees.leavePrivilege'), input('leavePrivilege'))}
            <div className="flex flex-col gap-2">
              {field('pin', t('employees.pin'), input('pin', 'password', { autoComplete: 'new-password', inputMode: 'numeric', disabled: generatePin }), editing ? t('employees.pinKeepHint') : t('employees.pinHint'))}
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={generatePin} onChange={(e) => setGeneratePin(e.target.checked)} data-testid="generate-pin" />
                {t('employees.generatePin')}
              </label>
            </div>
            {field('rfidCard', t('employees.rfidCard'), input('rfidCard', 'text', { autoComplete: 'off' }), t('employees.rfidHint'))}
            {field(
              'personalClock',
              t('personalClock.employeeLabel'),
              select(
                'personalClock',
                <>
                  <option value="">{t('personalClock.asCompany')}</option>
                  <option value="allowed">{t('personalClock.allowed')}</option>
                  <option value="denied">{t('personalClock.denied')}</option>
                </>,
              ),
              t('personalClock.employeeHint'),
            )}
            {editing &&
              field(
                'status',
                t('fields.status'),
                select(
                  'status',
                  <>
                    <option value="active">{t('employees.statusActive')}</option>
                    <option value="archived">{t('employees.statusArchived')}</option>
                  </>,
                ),
              )}
          </>,
          'emp-employment',
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={discardGuard.request} data-testid="discard">
            {t('employees.discard')}
          </button>
          <button type="submit" className={primaryButton} disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? t('common.loading') : t('form.save')}
          </button>
        </div>
      </form>
    </>
  );
}
