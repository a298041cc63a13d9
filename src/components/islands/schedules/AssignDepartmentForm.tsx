import { CalendarPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { DepartmentScheduleCreateInput } from '#domain/schedules/schedule-schema.ts';
import type { DepartmentDto } from '#domain/api/records.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { inputClass, primaryButton, secondaryButton } from '../ui/buttons.ts';
import { fieldError, fieldMessage, valibotResolver, type FormInput, type FormOutput } from '../ui/valibot-resolver.ts';
import { defaultStartOf, ShiftFields, type StartDefault } from './ShiftFields.tsx';
import { useApiAction } from '#lib/client/use-api-action.ts';

/** Assigns one shift to every employee of a department (POST /schedules/bulk). */
export function AssignDepartmentForm(props: { lang: Language; departments: Pick<DepartmentDto, '_id' | 'name'>[]; startDefault: StartDefault; onDone: () => void; onCancel: () => void }) {
  const t = translator(props.lang);
  const form = useForm<FormInput<typeof DepartmentScheduleCreateInput>, unknown, FormOutput<typeof DepartmentScheduleCreateInput>>({
    defaultValues: { department: '', startTime: '09:00', offTime: '17:00', totalHours: '8', restDays: [], fromDate: defaultStartOf(props.startDefault), toDate: '' },
    resolver: valibotResolver(DepartmentScheduleCreateInput),
  });
  const err = fieldMessage(fieldError(form.formState.errors, 'department'), t);
  const { run } = useApiAction(props.lang);
  async function submit(values: FormOutput<typeof DepartmentScheduleCreateInput>) {
    await run(() => api('POST /api/schedules/bulk', { body: values, lang: props.lang }), {
      setError: form.setError,
      success: 'toast',
      then: () => props.onDone(),
    });
  }
  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-4 sm:grid-cols-2" data-testid="assign-form">
      <div className="flex flex-col gap-1 sm:col-span-2">
        <label htmlFor="assign-department" className="text-sm font-medium">
          {t('fields.department')}
        </label>
        <select id="assign-department" className={inputClass} aria-invalid={!!err} {...form.register('department')}>
          <option value="">{t('form.choose')}</option>
          {props.departments.map((d) => (
            <option key={d._id} value={d._id}>
              {d.name}
            </option>
          ))}
        </select>
        {err && <span className="text-xs text-red-700 dark:text-red-400">{err}</span>}
      </div>
      <ShiftFields form={form} t={t} startDefault={props.startDefault} />
      <p className="text-xs text-muted sm:col-span-2">{t('schedules.assignHint')}</p>
      <div className="flex justify-end gap-2 sm:col-span-2">
        <button type="button" className={secondaryButton} onClick={props.onCancel}>
          {t('form.cancel')}
        </button>
        <button type="submit" className={primaryButton} disabled={form.formState.isSubmitting}>
          <CalendarPlus size={16} aria-hidden="true" />
          {t('schedules.assign')}
        </button>
      </div>
    </form>
  );
}
