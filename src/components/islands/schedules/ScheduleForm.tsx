import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { AppToaster } from '../ui/AppToaster.tsx';
import { useConfirmDiscard } from '../ui/ConfirmDiscard.tsx';
import { ScheduleCreateInput, ScheduleInput } from '#domain/schedules/schedule-schema.ts';
import type { WeekdayName } from '#domain/time/zoned-time.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { setFlash } from '#lib/client/flash.ts';
import { inputClass, primaryButton, secondaryButton } from '../ui/buttons.ts';
import { fieldError, fieldMessage, valibotResolver, type FormInput, type FormOutput } from '../ui/valibot-resolver.ts';
import { defaultStartOf, ShiftFields, type StartDefault } from './ShiftFields.tsx';
import type { EmployeeDto, ScheduleDto } from '#domain/api/records.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';

interface Props {
  lang: Language;
  schedule: ScheduleDto | null;
  /** Today and the coming holidays: a new schedule starts on the next working day (issue 33). */
  startDefault: StartDefault;
}

/** Create or edit a schedule; saving makes it the employee's current one from its start date. */
export default function ScheduleForm({ lang, schedule, startDefault }: Props) {
  const t = translator(lang);
  const editing = schedule !== null;
  // A new schedule may leave its first day empty (the server starts it on the next working day);
  // an edit names it: the same schemas the API validates (and documents) for POST and PATCH.
  const form = useForm<FormInput<typeof ScheduleCreateInput>, unknown, FormOutput<typeof ScheduleCreateInput>>({
    defaultValues: editing
      ? { ...schedule, restDays: schedule.restDays as WeekdayName[], toDate: schedule.toDate ?? '', totalHours: String(schedule.totalHours) }
      : { employee: '', startTime: '09:00', offTime: '17:00', totalHours: '8', restDays: [], fromDate: defaultStartOf(startDefault), toDate: '' },
    resolver: editing ? (valibotResolver(ScheduleInput) as unknown as ReturnType<typeof valibotResolver<typeof ScheduleCreateInput>>) : valibotResolver(ScheduleCreateInput),
  });
  const [employees, setEmployees] = useState<Pick<EmployeeDto, '_id' | 'fullName' | 'departmentName'>[] | null>(null);
  const [formError, setFormError] = useState<string>();
  const { run } = useApiAction(lang);

  useEffect(() => {
    api('GET /api/employees', { query: { status: 'active', pageSize: 1000, sort: 'name' }, lang })
      .then((res) => setEmployees(res.data))
      .catch(() => setEmployees([]));
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- loaded once; the language is fixed for the page (a switch reloads it)

  async function submit(values: FormOutput<typeof ScheduleCreateInput>) {
    setFormError(undefined);
    await run(() => (editing ? api('PATCH /api/schedules/{id}', { params: [schedule._id], body: { ...values, fromDate: values.fromDate ?? '' }, lang }) : api('POST /api/schedules', { body: values, lang })), {
      setError: form.setError,
      onError: setFormError,
      success: 'flash',
      then: { assign: '/schedule' },
    });
  }

  function leaveForm() {
    setFlash(t('messages.scheduleDiscarded'), 'info');
    window.location.assign('/schedule');
  }
  const discardGuard = useConfirmDiscard(lang, form.formState.isDirty, leaveForm);

  if (!employees) return <p className="text-muted">{t('common.loading')}</p>;
  const err = fieldMessage(fieldError(form.formState.errors, 'employee'), t);
  return (
    <>
      <AppToaster />
      {discardGuard.dialog}
      <form onSubmit={form.handleSubmit(submit)} noValidate className="flex max-w-3xl flex-col gap-6" data-testid="schedule-form">
        {formError && (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
            {formError}
          </p>
        )}
        <section className="grid gap-5 rounded-2xl border border-line bg-card p-6 sm:grid-cols-2">
          <div className="flex flex-col gap-1 sm:col-span-2">
            <label htmlFor="shift-employee" className="text-sm font-medium">
              {t('schedules.employee')}
            </label>
            <select id="shift-employee" className={inputClass} aria-invalid={!!err} aria-describedby={err ? 'shift-employee-error' : undefined} {...form.register('employee')}>
              <option value="">{t('form.choose')}</option>
              {employees.map((e) => (
                <option key={e._id} value={e._id}>
                  {e.fullName} · {e.departmentName}
                </option>
              ))}
            </select>
            {err && (
              <span id="shift-employee-error" className="text-xs text-red-700 dark:text-red-400">
                {err}
              </span>
            )}
          </div>
          <ShiftFields form={form} t={t} {...(editing ? {} : { startDefault })} />
          <p className="text-xs text-muted sm:col-span-2">{t('schedules.supersedeHint')}</p>
        </section>
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
